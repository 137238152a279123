/**
 * What a field of src/content.config.ts accepts, read from its zod schema by asking it (safeParse),
 * not by reading zod's internals, so the CMS test does not depend on how zod stores its checks.
 */
import { z } from 'astro/zod';

/** One field of a collection schema, reduced to what a Decap widget must mirror. */
export type FieldShape =
  | { kind: 'reference'; collection: string; optional: boolean }
  | { kind: 'array'; of: FieldShape; min: number; optional: boolean }
  | { kind: 'object'; fields: Record<string, FieldShape>; optional: boolean }
  | { kind: 'boolean'; default: unknown; optional: boolean }
  | { kind: 'number'; int: boolean; min: number | undefined; optional: boolean }
  | { kind: 'literal'; value: unknown; optional: boolean }
  | { kind: 'enum'; values: string[]; nullable: boolean; optional: boolean }
  | { kind: 'date'; optional: boolean }
  | { kind: 'string'; schema: z.ZodType; optional: boolean };

interface Def {
  type: string;
  in?: z.ZodType;
  innerType?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  values?: unknown[];
}

const def = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The field shapes of an object schema, in the schema's key order. */
export function objectShape(schema: z.ZodType): Record<string, FieldShape> {
  const shape = def(schema).shape ?? {};
  return Object.fromEntries(Object.entries(shape).map(([name, field]) => [name, fieldShape(field)]));
}

/** The shape of one field schema. */
export function fieldShape(schema: z.ZodType): FieldShape {
  const optional = schema.safeParse(undefined).success;
  const { type } = def(schema);
  if (type === 'default' || type === 'optional') {
    const inner = fieldShape(def(schema).innerType!);
    return inner.kind === 'boolean' ? { ...inner, default: schema.parse(undefined), optional } : { ...inner, optional };
  }
  if (type === 'nullable') {
    const inner = fieldShape(def(schema).innerType!);
    if (inner.kind !== 'enum') throw new Error('only nullable enums are mirrored in the CMS');
    return { ...inner, nullable: true };
  }
  const reference = z.globalRegistry.get(schema)?.['reference'];
  if (typeof reference === 'string') return { kind: 'reference', collection: reference, optional };
  if (type === 'array') return { kind: 'array', of: fieldShape(def(schema).element!), min: minItems(schema), optional };
  if (type === 'object') return { kind: 'object', fields: objectShape(schema), optional };
  if (type === 'boolean') return { kind: 'boolean', default: undefined, optional };
  if (type === 'number') {
    const min = [-1, 0, 1].find((n) => schema.safeParse(n).success);
    return { kind: 'number', int: !schema.safeParse(1.5).success, min: min === -1 ? undefined : min, optional };
  }
  if (type === 'literal') return { kind: 'literal', value: def(schema).values![0], optional };
  if (type === 'enum') return { kind: 'enum', values: (schema as unknown as { options: string[] }).options, nullable: false, optional };
  // A text whose placeholders are filled before it is checked (content.config.ts `line`) edits as a string.
  if (type === 'pipe' && innermostType(schema) === 'string') return { kind: 'string', schema, optional };
  if (type === 'string') {
    const isDate = schema.safeParse('2026-01-31').success && !schema.safeParse('31.01.2026').success && !schema.safeParse('2026-1-31').success;
    return isDate ? { kind: 'date', optional } : { kind: 'string', schema, optional };
  }
  throw new Error(`no CMS mirror for zod type ${type}`);
}

/** The type at the start of a chain of pipes (string → transform → checks). */
function innermostType(schema: z.ZodType): string {
  let current = schema;
  while (def(current).type === 'pipe' && def(current).in) current = def(current).in!;
  return def(current).type;
}

function minItems(schema: z.ZodType): number {
  const result = schema.safeParse([]);
  if (result.success) return 0;
  const tooSmall = result.error.issues.find((issue) => issue.code === 'too_small');
  return Number(tooSmall && 'minimum' in tooSmall ? tooSmall.minimum : 0);
}
