import document from '@openapi-document';
import type { OpenApiDocument } from '../lib/openapi-types';

/**
 * The server's OpenAPI document (internal/api/openapi.json, served at
 * /api/openapi.json), bundled at build time so /docs/api is prerendered with
 * every endpoint. The JSON's inferred literal types are wider than the
 * schema's unions, hence the one cast here.
 */
export const openApiDocument = document as unknown as OpenApiDocument;
