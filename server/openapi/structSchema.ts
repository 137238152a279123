import { is } from 'superstruct';
import type { Struct } from 'superstruct';

/** A JSON Schema (2020-12, as OpenAPI 3.1 uses it), as far as the converter writes one. */
export type JsonSchema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  description?: string;
};

/** Any struct, whatever it produces. */
export type AnyStruct = Struct<any, any>;

/** Whether a struct lets a value through (refinements included): how optional and nullable are told apart. */
const accepts = (struct: AnyStruct, value: unknown) => is(value, struct);

/**
 * The JSON Schema of a superstruct struct: the shapes (objects, arrays, literals, enums, scalars) and
 * which fields are required. Refinements (patterns, sizes, domain rules) cannot be read back from a
 * struct; the server's messages name them. Unions and custom types come out as "any value".
 */
export function structSchema(struct: AnyStruct): JsonSchema {
  const base = shapeOf(struct);
  if (accepts(struct, null) && struct.type !== 'any' && struct.type !== 'unknown') return { anyOf: [base, { type: 'null' }] };
  return base;
}

/** The schema of the struct's own shape. */
function shapeOf(struct: AnyStruct): JsonSchema {
  const schema = struct.schema as unknown;
  switch (struct.type) {
    case 'string':
    case 'number':
    case 'integer':
    case 'boolean':
      return { type: struct.type };
    // Money says its unit (server/README.md, "Money"): kopecks for the API's money, roubles for the older fine fields.
    case 'kopecks':
      return { type: 'integer', description: 'Сумма в копейках' };
    case 'roubles':
      return { type: 'number', description: 'Сумма в рублях (копейки — дробная часть)' };
    case 'literal':
      return { const: schema };
    case 'enums':
      return { enum: Object.values(schema as Record<string, unknown>) };
    case 'array':
      return { type: 'array', ...(schema === null || schema === undefined ? {} : { items: structSchema(schema as AnyStruct) }) };
    case 'object':
    case 'type': {
      const fields = (schema ?? {}) as Record<string, AnyStruct>;
      const properties: Record<string, JsonSchema> = {};
      const required: string[] = [];
      for (const [key, field] of Object.entries(fields)) {
        properties[key] = structSchema(field);
        if (!accepts(field, undefined)) required.push(key);
      }
      // object() masks unknown fields away (mask: true on the server); type() lets later fields through.
      return { type: 'object', properties, ...(required.length > 0 ? { required } : {}), additionalProperties: struct.type === 'type' };
    }
    case 'record':
      return { type: 'object', additionalProperties: true };
    case 'union':
      return { description: 'Одна из нескольких форм (см. описание вызова)' };
    default:
      return {};
  }
}

/** The fields of an object struct, each with its schema and whether it is required (for query parameters). */
export function structFields(struct: AnyStruct): { name: string; schema: JsonSchema; required: boolean }[] {
  const fields = (struct.type === 'object' || struct.type === 'type' ? struct.schema : {}) as Record<string, AnyStruct>;
  return Object.entries(fields).map(([name, field]) => ({ name, schema: structSchema(field), required: !accepts(field, undefined) }));
}
