/**
 * The part of an OpenAPI 3.1 document the reference page reads. Loose on
 * purpose: the page renders whatever the server's document contains.
 */

/** A `{"$ref": "#/components/..."}` object, possibly with a description beside it (3.1). */
export interface RefObject {
  $ref: string;
  description?: string;
  summary?: string;
}

/** A JSON Schema as OpenAPI 3.1 uses it. */
export interface SchemaObject {
  $ref?: string;
  type?: string | string[];
  description?: string;
  format?: string;
  enum?: readonly unknown[];
  const?: unknown;
  default?: unknown;
  examples?: readonly unknown[];
  required?: readonly string[];
  properties?: Record<string, SchemaObject>;
  additionalProperties?: boolean | SchemaObject;
  items?: SchemaObject;
  oneOf?: readonly SchemaObject[];
  anyOf?: readonly SchemaObject[];
  allOf?: readonly SchemaObject[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  nullable?: boolean;
}

/** A media type entry of a request body or response. */
export interface MediaTypeObject {
  schema?: SchemaObject;
}

export interface ParameterObject {
  name: string;
  in: string;
  description?: string;
  required?: boolean;
  schema?: SchemaObject;
}

export interface RequestBodyObject {
  description?: string;
  required?: boolean;
  content?: Record<string, MediaTypeObject>;
}

export interface HeaderObject {
  description?: string;
  schema?: SchemaObject;
}

export interface ResponseObject {
  description?: string;
  headers?: Record<string, HeaderObject | RefObject>;
  content?: Record<string, MediaTypeObject>;
}

/** One security requirement: every scheme named must be satisfied. */
export type SecurityRequirement = Record<string, readonly string[]>;

export interface OperationObject {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: readonly string[];
  deprecated?: boolean;
  security?: readonly SecurityRequirement[];
  parameters?: readonly (ParameterObject | RefObject)[];
  requestBody?: RequestBodyObject | RefObject;
  responses?: Record<string, ResponseObject | RefObject>;
}

export interface SecuritySchemeObject {
  type: string;
  in?: string;
  name?: string;
  scheme?: string;
  description?: string;
}

export interface TagObject {
  name: string;
  description?: string;
}

/** The whole document. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  tags?: readonly TagObject[];
  security?: readonly SecurityRequirement[];
  paths?: Record<string, Record<string, OperationObject | readonly (ParameterObject | RefObject)[] | string | undefined>>;
  components?: {
    schemas?: Record<string, SchemaObject>;
    responses?: Record<string, ResponseObject>;
    parameters?: Record<string, ParameterObject>;
    requestBodies?: Record<string, RequestBodyObject>;
    headers?: Record<string, HeaderObject>;
    securitySchemes?: Record<string, SecuritySchemeObject>;
  };
}
