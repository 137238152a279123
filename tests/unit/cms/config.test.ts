/**
 * The Decap CMS config (src/pages/admin/_cms/config.ts) and the content schemas (src/content.config.ts)
 * agree: every collection is editable, with the same fields, widgets that produce what the schema
 * accepts, and patterns that never let through a value the build would reject.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'astro/zod';
import type { CmsCollection, CmsField } from 'decap-cms-core';
import { cmsConfig } from '../../../src/pages/admin/_cms/config.ts';
import { NULLABLE_FIELDS } from '../../../src/pages/admin/_cms/jsonFormat.ts';
import { NESTED_COLLECTIONS, SLUG_KEY, SLUG_SOURCE, TRANSIENT_KEYS } from '../../../src/pages/admin/_cms/newEntry.ts';
import { objectShape } from './zodShape.ts';
import type { FieldShape } from './zodShape.ts';

// content.config.ts imports Astro's virtual modules; outside Astro a reference is a string tagged with its collection.
vi.mock('astro:content', () => ({
  defineCollection: (collection: unknown) => collection,
  reference: (collection: string) => z.string().meta({ reference: collection }),
}));
vi.mock('astro/loaders', () => ({ glob: (options: unknown) => options }));

const { collections: astroCollections } = await import('../../../src/content.config.ts');
const schemas = Object.fromEntries(
  Object.entries(astroCollections).map(([name, c]) => [name, (c as unknown as { schema: z.ZodType }).schema]),
);
const names = Object.keys(schemas);
const decap = new Map(cmsConfig.collections.map((c) => [c.name, c]));
const MARKDOWN_FIELDS = ['body', 'answer'];

type Field = CmsField & Record<string, unknown>;
const asField = (f: CmsField) => f as Field;
const collection = (name: string) => decap.get(name) as CmsCollection;
const fieldsOf = (name: string) => (collection(name).fields ?? []).map(asField);

/** Checks that one Decap field mirrors one schema field; returns nothing, fails with the field's path. */
function expectMirrors(field: Field, shape: FieldShape, where: string): void {
  const required = field['required'] !== false;
  const label = `${where}: ${JSON.stringify({ widget: field['widget'], shape: shape.kind })}`;
  switch (shape.kind) {
    case 'reference':
      expect(field, label).toMatchObject({ widget: 'relation', collection: shape.collection, value_field: '{{slug}}' });
      expect(field['multiple'], label).toBeFalsy();
      break;
    case 'array':
      if (shape.of.kind === 'reference') {
        expect(field, label).toMatchObject({ widget: 'relation', collection: shape.of.collection, value_field: '{{slug}}', multiple: true });
      } else {
        expect(field['widget'], label).toBe('list');
        if (shape.of.kind === 'object') {
          const sub = (field['fields'] as CmsField[]).map(asField);
          expect(sub.map((f) => f.name), label).toEqual(Object.keys(shape.of.fields));
          for (const f of sub) expectMirrors(f, shape.of.fields[f.name]!, `${where}.${f.name}`);
        } else {
          expectMirrors(asField(field['field'] as CmsField), shape.of, `${where}[]`);
        }
      }
      expect(field['min'] ?? 0, label).toBe(shape.min);
      break;
    case 'boolean':
      expect(field, label).toMatchObject({ widget: 'boolean', default: shape.default });
      break;
    case 'number':
      expect(field, label).toMatchObject({ widget: 'number', value_type: shape.int ? 'int' : 'float' });
      expect(field['min'], label).toBe(shape.min);
      break;
    case 'literal':
      expect(field, label).toMatchObject({ widget: 'number', value_type: 'int', min: shape.value, max: shape.value, default: shape.value });
      break;
    case 'enum': {
      expect(field['widget'], label).toBe('select');
      const values = (field['options'] as { value: string }[]).map((o) => o.value);
      expect(values, label).toEqual(shape.values);
      expect(required, label).toBe(!shape.nullable);
      if (shape.nullable) expect(NULLABLE_FIELDS, label).toContain(field.name);
      break;
    }
    case 'date':
      expect(field, label).toMatchObject({ widget: 'datetime', format: 'YYYY-MM-DD', time_format: false });
      break;
    case 'object':
      throw new Error(`${where}: a nested object outside a list has no mirror`);
    case 'string':
      if (MARKDOWN_FIELDS.includes(field.name)) {
        expect(field['widget'], label).toBe('markdown');
      } else {
        expect(['string', 'text'], label).toContain(field['widget']);
        expectPatternAgrees(field, shape.schema, where);
      }
      break;
  }
  // Decap may leave a field empty only where the schema has a default or accepts null.
  if (!required) expect(shape.optional || (shape.kind === 'enum' && shape.nullable), label).toBe(true);
}

const LENGTHS = [1, 2, 3, 4, 5, 6, 9, 10, 11, 49, 50, 51, 69, 70, 71, 159, 160, 161, 199, 200, 201, 300];
const SAMPLES = [
  '1', '12', '123', '1234', '7a', '/', '/po-sts/', '/po-sts', 'po-sts/', '/PO/', '/a/b_c/', '//', '/osago/kbm/',
  'https://apps.apple.com/ru/app/id0000000000', 'https://play.google.com/store/apps/details?id=ru.example.shtrafy&hl=ru',
  'http://example.ru', 'https://example.ru/path with space', 'not a url', 'https://', 'ftp://example.ru/x', '2026-01-31',
];
// A Decap pattern may be stricter than the schema where the schema's rule is wider than useful (store links must be http(s) with a domain).
const STRICTER_BY_DESIGN = new Set(['reviews.url']);

/** Decap's pattern accepts a value only if the schema does, and (but for STRICTER_BY_DESIGN) the reverse. */
function expectPatternAgrees(field: Field, schema: z.ZodType, where: string): void {
  const pattern = field['pattern'] as [string, string] | undefined;
  expect(pattern, `${where} has a pattern`).toBeDefined();
  const regex = new RegExp(pattern![0]);
  const probes = [...LENGTHS.flatMap((n) => ['я'.repeat(n), `${'я'.repeat(Math.max(0, n - 1))}\n`]), ...SAMPLES];
  for (const value of probes) {
    const cms = regex.test(value);
    const build = schema.safeParse(value).success;
    if (cms) expect(build, `${where}: CMS accepts ${JSON.stringify(value)}, the build rejects it`).toBe(true);
    else if (!STRICTER_BY_DESIGN.has(where)) expect(build, `${where}: CMS rejects ${JSON.stringify(value)}, the build accepts it`).toBe(false);
  }
}

describe('Decap config mirrors src/content.config.ts', () => {
  it('has exactly the collections of the content layer', () => {
    expect([...decap.keys()].sort()).toEqual([...names].sort());
  });

  it('saves through the git gateway on main, with the local server allowed', () => {
    expect(cmsConfig.backend).toMatchObject({ name: 'git-gateway', branch: 'main' });
    expect(cmsConfig.local_backend).toBe(true);
    expect(cmsConfig.load_config_file).toBe(false);
    expect(cmsConfig.publish_mode ?? 'simple').toBe('simple');
  });

  describe.each(names)('%s', (name) => {
    const shape = objectShape(schemas[name]!);

    it('is a folder of JSON files in content/<name>, editors may create entries', () => {
      expect(collection(name)).toMatchObject({ folder: `content/${name}`, format: 'json', extension: 'json', create: true });
    });

    it('names new files by a Latin slug derived from a string field', () => {
      expect(collection(name).slug).toBe(`{{fields.${SLUG_KEY}}}`);
      const source = SLUG_SOURCE[name]!;
      expect(shape[source]?.kind).toBe('string');
      expect(shape[collection(name).identifier_field ?? 'title']?.kind).toBe('string');
    });

    it('has the same fields in the same order', () => {
      expect(fieldsOf(name).map((f) => f.name)).toEqual(Object.keys(shape));
      for (const key of TRANSIENT_KEYS) expect(Object.keys(shape)).not.toContain(key);
    });

    it('gives every field a widget that produces what the schema accepts', () => {
      for (const field of fieldsOf(name)) expectMirrors(field, shape[field.name]!, `${name}.${field.name}`);
    });

    it('is a folder tree (nested + meta.path) exactly where slugs have several segments', () => {
      const c = collection(name);
      const isNested = NESTED_COLLECTIONS.includes(name);
      expect(Boolean(c.nested)).toBe(isNested);
      expect(Boolean(c.meta?.path)).toBe(isNested);
      if (isNested) {
        expect(c.nested?.subfolders).toBe(false);
        const deepest = Math.max(0, ...contentFiles(name).map((f) => f.split('/').length));
        expect(c.nested!.depth).toBeGreaterThanOrEqual(deepest);
      } else {
        expect(contentFiles(name).every((f) => !f.includes('/'))).toBe(true);
      }
    });

    it('accepts every existing entry as it is (an editor can open and re-save each file)', () => {
      for (const file of contentFiles(name)) {
        const data = JSON.parse(readFileSync(join('content', name, file), 'utf8')) as Record<string, unknown>;
        for (const field of fieldsOf(name)) expectValueAccepted(field, data[field.name], `${name}/${file}: ${field.name}`);
      }
    });
  });
});

/** Entry files of a collection, relative to its folder (`karty/keshbek.json`). */
function contentFiles(name: string): string[] {
  try {
    return (readdirSync(join('content', name), { recursive: true }) as string[]).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
}

function expectValueAccepted(field: Field, value: unknown, where: string): void {
  if (value === undefined || value === null) {
    expect(field['required'], `${where} is empty`).toBe(false);
    return;
  }
  const pattern = field['pattern'] as [string, string] | undefined;
  if (pattern && typeof value === 'string') expect(new RegExp(pattern[0]).test(value), `${where} = ${JSON.stringify(value)}`).toBe(true);
  if (field['widget'] === 'select') expect((field['options'] as { value: string }[]).map((o) => o.value), where).toContain(value);
  if (field['widget'] === 'list' && Array.isArray(value)) {
    const item = field['field'] as CmsField | undefined;
    const sub = (field['fields'] as CmsField[] | undefined)?.map(asField);
    for (const [i, v] of value.entries()) {
      if (item) expectValueAccepted(asField(item), v, `${where}[${i}]`);
      for (const f of sub ?? []) expectValueAccepted(f, (v as Record<string, unknown>)[f.name], `${where}[${i}].${f.name}`);
    }
  }
}
