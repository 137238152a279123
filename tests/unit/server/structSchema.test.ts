import { array, boolean, enums, integer, literal, nullable, number, object, optional, record, string, type, union, unknown } from 'superstruct';
import { describe, expect, it } from 'vitest';
import { structFields, structSchema } from '../../../server/openapi/structSchema.ts';
import { SupportTicketInput } from '../../../src/api/structs/support.ts';
import { StsNumber } from '../../../src/api/structs/fields.ts';

describe('superstruct → JSON Schema', () => {
  it.each([
    ['string', string(), { type: 'string' }],
    ['number', number(), { type: 'number' }],
    ['integer', integer(), { type: 'integer' }],
    ['boolean', boolean(), { type: 'boolean' }],
    ['literal', literal('WebVersion'), { const: 'WebVersion' }],
    ['enums', enums(['web', 'chromeExtension']), { enum: ['web', 'chromeExtension'] }],
    ['array', array(number()), { type: 'array', items: { type: 'number' } }],
    ['nullable', nullable(string()), { anyOf: [{ type: 'string' }, { type: 'null' }] }],
    ['record', record(string(), unknown()), { type: 'object', additionalProperties: true }],
    ['a domain field (coerced, refined)', StsNumber, { type: 'string' }],
  ])('%s', (_label, struct, schema) => {
    expect(structSchema(struct)).toEqual(schema);
  });

  it('marks required fields, and masks unknown ones on object() but not on type()', () => {
    expect(structSchema(object({ a: string(), b: optional(number()) }))).toEqual({ type: 'object', properties: { a: { type: 'string' }, b: { type: 'number' } }, required: ['a'], additionalProperties: false });
    expect(structSchema(type({ a: string() }))).toMatchObject({ additionalProperties: true });
  });

  it('describes a union without pretending to know its members', () => {
    expect(structSchema(union([string(), number()]))).toHaveProperty('description');
  });

  it('reads the support ticket request as the server checks it', () => {
    expect(structFields(SupportTicketInput).map((f) => [f.name, f.required])).toEqual([
      ['email', true],
      ['content', true],
      ['user_platform', false],
      ['user_app_version', false],
      ['user_id', false],
    ]);
  });
});
