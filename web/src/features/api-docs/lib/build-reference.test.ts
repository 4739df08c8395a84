import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../content/openapi-document';
import { buildApiReference } from './build-reference';
import type { OpenApiDocument } from './openapi-types';

const fixture: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'Fixture API', version: '2.0.0', description: 'A small API.' },
  tags: [{ name: 'Widgets', description: 'Things we sell.' }],
  components: {
    securitySchemes: {
      demoKey: { type: 'apiKey', in: 'header', name: 'X-Demo-Key' },
      adminSession: { type: 'apiKey', in: 'cookie', name: 'sp_session' },
      partnerToken: { type: 'http', scheme: 'bearer' },
    },
    schemas: {
      Error: { type: 'object', required: ['error'], properties: { error: { type: 'string' } } },
      Names: { type: 'array', maxItems: 5, items: { type: 'string', maxLength: 40 } },
      Widget: {
        type: 'object',
        required: ['id'],
        properties: {
          id: { type: 'string' },
          parent: { $ref: '#/components/schemas/Widget' },
          tags: { $ref: '#/components/schemas/Names' },
          size: { type: 'integer', minimum: 1, maximum: 10, default: 3 },
          color: { type: 'string', enum: ['red', 'blue'] },
        },
      },
    },
    responses: {
      NotFound: {
        description: 'No such widget.',
        headers: { 'Retry-After': { description: 'Seconds.', schema: { type: 'integer' } } },
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    },
    parameters: { id: { name: 'id', in: 'path', required: true, schema: { type: 'string' } } },
  },
  paths: {
    '/widgets/{id}': {
      parameters: [{ $ref: '#/components/parameters/id' }],
      get: {
        tags: ['Widgets'],
        summary: 'One widget',
        responses: {
          '200': { description: 'The widget.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Widget' } } } },
          '404': { $ref: '#/components/responses/NotFound' },
        },
      },
      delete: { tags: ['Widgets'], summary: 'Delete it', security: [{ adminSession: [] }], responses: { '204': { description: 'Gone.' } } },
    },
    '/search': {
      post: {
        summary: 'Search',
        security: [{ demoKey: [] }, { demoKey: [], adminSession: [] }],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['q'],
                properties: {
                  q: { type: 'string', minLength: 1, maxLength: 200, examples: ['crm'] },
                  filters: { type: 'array', items: { type: 'object', properties: { field: { type: 'string' } } } },
                  extra: { type: 'object', additionalProperties: { type: 'string', enum: ['a', 'b'] } },
                },
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'Hits.',
            content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Widget' } } } },
          },
        },
      },
    },
    '/partner': { get: { summary: 'Partner feed', security: [{ partnerToken: [] }], responses: {} } },
    '/health': { get: { responses: { '200': { description: 'OK' } } } },
  },
};

const ref = buildApiReference(fixture);
const op = (id: string) => ref.groups.flatMap((g) => g.operations).find((o) => o.id === id)!;

describe('buildApiReference on a fixture', () => {
  it('groups tagged operations by tag and the rest by who may call them', () => {
    expect(ref.groups.map((g) => [g.name, g.operations.map((o) => `${o.method} ${o.path}`)])).toEqual([
      ['Widgets', ['GET /widgets/{id}', 'DELETE /widgets/{id}']],
      ['Public endpoints', ['GET /health']],
      ['Demo-key endpoints', ['POST /search']],
      ['Other endpoints', ['GET /partner']],
    ]);
    expect(ref.groups[0]!.description).toBe('Things we sell.');
    expect(ref.groups[0]!.id).toBe('group-widgets');
  });

  it('names the access level and where each credential goes', () => {
    expect(op('get-widgets-id').auth).toEqual({ level: 'public', alternatives: [] });
    expect(op('delete-widgets-id').auth.level).toBe('admin');
    const search = op('post-search').auth;
    expect(search.level).toBe('demo');
    expect(search.alternatives.map((a) => a.map((s) => s.label))).toEqual([['Demo key'], ['Demo key', 'Admin session']]);
    expect(search.alternatives[0]![0]!.location).toBe('header X-Demo-Key');
    expect(op('get-partner').auth.alternatives[0]![0]).toMatchObject({ label: 'Partner token', location: 'Authorization: Bearer' });
  });

  it('resolves path-level and referenced parameters', () => {
    expect(op('get-widgets-id').parameters).toEqual([
      { name: 'id', in: 'path', required: true, description: undefined, schema: { type: 'string', constraints: [] } },
    ]);
  });

  it('describes a request body: fields, types, required, limits, nested objects and maps', () => {
    const body = op('post-search').requestBody!;
    expect(body).toMatchObject({ required: true, contentType: 'application/json' });
    const [q, filters, extra] = body.schema!.fields!;
    expect(q).toMatchObject({
      name: 'q',
      required: true,
      schema: { type: 'string', constraints: ['1 to 200 characters'], examples: ['crm'] },
    });
    expect(filters!.schema.type).toBe('array of object');
    expect(filters!.schema.inner!.fields!.map((f) => f.name)).toEqual(['field']);
    expect(extra!.schema).toMatchObject({ type: 'map of string', constraints: ['each one of: a, b'] });
  });

  it('expands a referenced object at the top, links it below, and defines each linked schema once', () => {
    const widget = op('get-widgets-id').responses[0]!;
    expect(widget).toMatchObject({ status: '200', error: false, contentType: 'application/json' });
    expect(widget.schema!.name).toBe('Widget');
    const fields = Object.fromEntries(widget.schema!.fields!.map((f) => [f.name, f]));
    expect(fields.parent!.schema).toMatchObject({ name: 'Widget', link: true }); // the cycle stops here
    expect(fields.tags!.schema).toMatchObject({
      name: 'Names',
      type: 'array of string',
      constraints: ['at most 5 items', 'each ≤ 40 characters'],
    });
    expect(fields.size!.schema.constraints).toEqual(['1 to 10', 'default: 3']);
    expect(fields.color!.schema.values).toEqual(['red', 'blue']);
    expect(op('post-search').responses[0]!.schema).toMatchObject({ type: 'array of Widget', inner: { name: 'Widget', link: true } });
    expect(ref.schemas.map((s) => [s.id, s.name])).toEqual([
      ['schema-widget', 'Widget'],
      ['schema-error', 'Error'],
    ]);
    expect(ref.schemas[1]!.schema.fields!.map((f) => [f.name, f.required])).toEqual([['error', true]]);
  });

  it('marks error responses and shows their shape by name', () => {
    const notFound = op('get-widgets-id').responses[1]!;
    expect(notFound).toMatchObject({ status: '404', error: true, description: 'No such widget.' });
    expect(notFound.schema).toMatchObject({ name: 'Error', link: true });
    expect(notFound.headers).toEqual([{ name: 'Retry-After', description: 'Seconds.', schema: { type: 'integer', constraints: [] } }]);
    expect(op('get-health').summary).toBe('GET /health');
  });

  it('refuses a dangling reference', () => {
    const broken: OpenApiDocument = {
      ...fixture,
      paths: { '/x': { get: { responses: { '400': { $ref: '#/components/responses/Nope' } } } } },
    };
    expect(() => buildApiReference(broken)).toThrow('dangling reference: #/components/responses/Nope');
  });
});

describe('buildApiReference on the server’s document', () => {
  const real = buildApiReference(openApiDocument);
  const listed = real.groups.flatMap((g) => g.operations.map((o) => `${o.method} ${o.path}`));

  it('lists every path and method of internal/api/openapi.json exactly once', () => {
    const expected = Object.entries(openApiDocument.paths ?? {}).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((m) => ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'].includes(m))
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(expected.length).toBeGreaterThan(5);
    expect([...listed].sort()).toEqual([...expected].sort());
    expect(new Set(real.groups.flatMap((g) => g.operations.map((o) => o.id))).size).toBe(listed.length);
  });

  it('knows who may call the lead search and the admin endpoints', () => {
    const ops = real.groups.flatMap((g) => g.operations);
    expect(ops.find((o) => o.path === '/api/research-leads')!.auth.level).toBe('demo');
    // Signing in is the one admin-path call made without a session.
    const adminOps = ops.filter((o) => o.path.startsWith('/api/admin/') && o.path !== '/api/admin/login');
    expect(adminOps.every((o) => o.auth.level === 'admin')).toBe(true);
    expect(ops.find((o) => o.path === '/api/admin/login')!.auth.level).toBe('public');
    expect(ops.find((o) => o.path === '/api/openapi.json')!.auth.level).toBe('public');
  });

  it('defines every schema it links to', () => {
    const defined = new Set(real.schemas.map((s) => s.name));
    const linked = JSON.stringify(real.groups).match(/"name":"(\w+)","link":true/g) ?? [];
    expect(linked.length).toBeGreaterThan(0);
    for (const l of linked) expect(defined).toContain(l.split('"')[3]);
  });
});
