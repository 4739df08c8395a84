/** The API reference as the page renders it, built from the OpenAPI document by buildApiReference. */

/** A schema ready to show: its type in words, its limits and, for objects, its fields. */
export interface SchemaView {
  /** e.g. "string", "integer", "array of Lead", "object", "map of string". */
  type: string;
  /** Name of the component schema this is (a link to its definition when `link` is set). */
  name?: string;
  /** True when only the name is shown and the fields are in the Schemas section. */
  link?: boolean;
  description?: string;
  /** Limits in words: "≤ 100 characters", "0 to 100", "at most 25 items", "format: date-time". */
  constraints: string[];
  /** The allowed values of an enum (or the one value of a const). */
  values?: string[];
  /** Example values from the document. */
  examples?: string[];
  fields?: FieldView[];
  /** The element schema of an array, or the value schema of a map, when it has fields of its own. */
  inner?: SchemaView;
}

/** One property of an object schema. */
export interface FieldView {
  name: string;
  required: boolean;
  schema: SchemaView;
}

/** A query, path, header or cookie parameter. */
export interface ParameterView {
  name: string;
  in: string;
  required: boolean;
  description?: string;
  schema: SchemaView;
}

/** One way to be allowed to call an operation: all of its schemes together. */
export interface AuthScheme {
  key: string;
  label: string;
  /** Where the credential goes, e.g. "header X-Demo-Key". */
  location?: string;
  description?: string;
}

/** Who may call an operation. */
export interface AuthView {
  /** public: anyone; demo: the demo key is enough; admin: an admin session is needed. */
  level: 'public' | 'demo' | 'admin' | 'other';
  /** Alternatives (any one will do); each is a list of schemes needed together. */
  alternatives: AuthScheme[][];
}

export interface BodyView {
  required: boolean;
  contentType: string;
  description?: string;
  schema?: SchemaView;
}

/** A response header the API documents (Retry-After, Content-Disposition…). */
export interface HeaderView {
  name: string;
  description?: string;
  schema: SchemaView;
}

export interface ResponseView {
  status: string;
  description: string;
  contentType?: string;
  headers: HeaderView[];
  schema?: SchemaView;
  /** True for 4xx and 5xx (and "default"). */
  error: boolean;
}

export interface OperationView {
  /** Anchor of the operation on the page. */
  id: string;
  method: string;
  path: string;
  summary: string;
  description?: string;
  deprecated: boolean;
  auth: AuthView;
  parameters: ParameterView[];
  requestBody?: BodyView;
  responses: ResponseView[];
}

export interface GroupView {
  /** Anchor of the group on the page. */
  id: string;
  name: string;
  description?: string;
  operations: OperationView[];
}

/** A named component schema, defined once on the page. */
export interface SchemaDefinition {
  id: string;
  name: string;
  schema: SchemaView;
}

export interface ApiReference {
  title: string;
  version: string;
  description?: string;
  groups: GroupView[];
  schemas: SchemaDefinition[];
}
