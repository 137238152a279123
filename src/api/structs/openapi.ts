import { array, boolean, optional, record, string, type, unknown } from 'superstruct';
import type { Infer } from 'superstruct';

/** A parameter of an operation, as the reference page reads it. */
const Parameter = type({ name: string(), in: string(), required: boolean(), schema: optional(unknown()) });

/** One operation of the document (the parts the reference page shows). */
export const ApiOperation = type({
  tags: array(string()),
  summary: string(),
  operationId: string(),
  parameters: optional(array(Parameter)),
  requestBody: optional(type({ content: record(string(), type({ schema: unknown() })) })),
  security: optional(array(record(string(), array(string())))),
  responses: record(string(), type({ description: string() })),
});
/** One operation. */
export type ApiOperation = Infer<typeof ApiOperation>;

/** `GET /105/api/openapi.json` as the reference page reads it. */
export const OpenApiDocument = type({
  openapi: string(),
  info: type({ title: string(), version: string(), description: optional(string()) }),
  paths: record(string(), record(string(), ApiOperation)),
});
/** The document. */
export type OpenApiDocument = Infer<typeof OpenApiDocument>;

