/**
 * The few shapes of an OpenAPI 3.1 document this code reads and writes. The document
 * is plain JSON: what is not named here is carried through as it is.
 */

export type Json = Record<string, unknown>;

/** A Schema Object (JSON Schema 2020-12). */
export type Schema = Json;

export interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required?: boolean;
  description?: string;
  example?: unknown;
  schema?: Schema;
}

export interface MediaType {
  schema?: Schema;
  example?: unknown;
  examples?: Record<string, { summary?: string; value: unknown }>;
}

export interface Response {
  description: string;
  headers?: Record<string, Json>;
  content?: Record<string, MediaType>;
}

/** A response, or a reference to one in `components.responses`. */
export type ResponseOrRef = Response | { $ref: string };

export interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  parameters?: Array<Parameter | { $ref: string }>;
  responses: Record<string, ResponseOrRef>;
}

export interface Document {
  openapi: string;
  info: Json;
  servers?: Json[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas?: Record<string, Schema>;
    responses?: Record<string, Response>;
    headers?: Record<string, Json>;
    parameters?: Record<string, Parameter>;
    securitySchemes?: Json;
  };
}

/** What the document says of an operation beyond its schemas (see `registerOperation`). */
export interface OperationDoc {
  /** The description of its 200 answer. */
  returns: string;
  /** An example 200 body without the per-request fields; else one built from the schemas' examples. */
  example?: object;
  /** The 200 answer is a file (Parquet or CSV) sent as an attachment, not JSON; with a CSV example. */
  download?: { csvExample: string };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The OpenAPI document's text of an API operation. */
    openapi?: OperationDoc;
  }
}
