import { operationAnchor } from './anchors';
import { authOf } from './auth';
import type { BodyView, OperationView, ParameterView, ResponseView } from './model';
import type {
  HeaderObject,
  MediaTypeObject,
  OperationObject,
  ParameterObject,
  RefObject,
  RequestBodyObject,
  ResponseObject,
} from './openapi-types';
import { deref } from './resolve';
import { schemaView, type SchemaContext } from './schema-view';

/** The JSON entry of a content map when there is one, else the first. */
function pickContent(content: Record<string, MediaTypeObject> | undefined): [string, MediaTypeObject] | undefined {
  const entries = Object.entries(content ?? {});
  return entries.find(([type]) => type.includes('json')) ?? entries[0];
}

function parameterView(ctx: SchemaContext, p: ParameterObject | RefObject): ParameterView {
  const param = deref<ParameterObject>(ctx.doc, p);
  return {
    name: param.name,
    in: param.in,
    required: Boolean(param.required),
    description: param.description,
    schema: schemaView(ctx, param.schema ?? {}, false),
  };
}

function bodyView(ctx: SchemaContext, b: RequestBodyObject | RefObject): BodyView {
  const body = deref<RequestBodyObject>(ctx.doc, b);
  const [contentType, media] = pickContent(body.content) ?? ['application/json', {}];
  return {
    required: Boolean(body.required),
    contentType,
    description: body.description,
    schema: media.schema ? schemaView(ctx, media.schema) : undefined,
  };
}

function responseView(ctx: SchemaContext, status: string, r: ResponseObject | RefObject): ResponseView {
  const res = deref<ResponseObject>(ctx.doc, r);
  const error = status === 'default' || /^[45]/.test(status);
  const [contentType, media] = pickContent(res.content) ?? [undefined, {}];
  const headers = Object.entries(res.headers ?? {}).map(([name, h]) => {
    const header = deref<HeaderObject>(ctx.doc, h);
    return { name, description: header.description, schema: schemaView(ctx, header.schema ?? {}, false) };
  });
  return {
    status,
    description: res.description ?? '',
    contentType,
    headers,
    // Error bodies share one shape: shown by name and defined once.
    schema: media.schema ? schemaView(ctx, media.schema, !error) : undefined,
    error,
  };
}

/** One operation of the document as the page shows it; path-level parameters come first. */
export function operationView(
  ctx: SchemaContext,
  method: string,
  path: string,
  op: OperationObject,
  pathParameters: readonly (ParameterObject | RefObject)[],
): OperationView {
  return {
    id: operationAnchor(method, path),
    method: method.toUpperCase(),
    path,
    summary: op.summary ?? op.operationId ?? `${method.toUpperCase()} ${path}`,
    description: op.description,
    deprecated: Boolean(op.deprecated),
    auth: authOf(ctx.doc, op),
    parameters: [...pathParameters, ...(op.parameters ?? [])].map((p) => parameterView(ctx, p)),
    requestBody: op.requestBody ? bodyView(ctx, op.requestBody) : undefined,
    responses: Object.entries(op.responses ?? {}).map(([status, r]) => responseView(ctx, status, r)),
  };
}
