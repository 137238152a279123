import { withoutTransientKeys } from './newEntry.ts';

/** Fields that are nullable in the schemas: left empty in the editor, they are written as null, not left out. */
export const NULLABLE_FIELDS = ['searchTab'];

/**
 * Decap's `json` format, replaced so that files look like the ones in content/ (2-space indent,
 * fields in schema order, a final newline), hold no transient keys, and keep nullable fields.
 */
export const jsonFormat = {
  fromFile(content: string): unknown {
    return JSON.parse(content);
  },
  toFile(data: Record<string, unknown>, fieldsOrder: readonly string[] = []): string {
    const clean = withoutTransientKeys(data);
    for (const key of NULLABLE_FIELDS) if (fieldsOrder.includes(key) && clean[key] === undefined) clean[key] = null;
    const ordered: Record<string, unknown> = {};
    for (const key of fieldsOrder) if (key in clean) ordered[key] = clean[key];
    for (const [key, value] of Object.entries(clean)) if (!(key in ordered)) ordered[key] = value;
    return `${JSON.stringify(ordered, null, 2)}\n`;
  },
};
