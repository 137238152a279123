/**
 * Decap field definitions shared by several collections, each mirroring a zod type of
 * src/content.config.ts (tests/unit/cms/config.test.ts proves they agree).
 */
import type { CmsField } from 'decap-cms-core';

/** A Decap `pattern` accepting strings of `min`..`max` characters, as zod's `.min()`/`.max()` count them. */
export function lengthPattern(min: number, max?: number): [string, string] {
  const message = max === undefined ? `не короче ${min} знаков` : `от ${min} до ${max} знаков`;
  return [`^[\\s\\S]{${min},${max ?? ''}}$`, message];
}

/** A one-line text field with the schema's length limits. */
export function line(name: string, label: string, min: number, max?: number, hint?: string): CmsField {
  return { label, name, widget: 'string', pattern: lengthPattern(min, max), ...(hint ? { hint } : {}) };
}

/** A multi-line plain-text field with the schema's length limits. */
export function paragraph(name: string, label: string, min: number, max?: number, hint?: string): CmsField {
  return { label, name, widget: 'text', pattern: lengthPattern(min, max), ...(hint ? { hint } : {}) };
}

/** The shared `description` (50–200 characters). */
export const description: CmsField = paragraph('description', 'Описание', 50, 200, 'Для поисковиков и соцсетей, 50–200 знаков.');

/** A `YYYY-MM-DD` date, picked in a calendar. */
export function date(name = 'date', label = 'Дата'): CmsField {
  return { label, name, widget: 'datetime', format: 'YYYY-MM-DD', date_format: 'YYYY-MM-DD', time_format: false };
}

/** Markdown as content/README.md allows it: subheadings from level 2, lists, links, bold; no h1, no HTML, no images. */
export function markdown(name = 'body', label = 'Текст'): CmsField {
  return {
    label,
    name,
    widget: 'markdown',
    hint: 'Подзаголовки — «Заголовок 2» и ниже; без заголовка первого уровня, без HTML и картинок.',
    modes: ['rich_text', 'raw'],
    buttons: ['bold', 'italic', 'link', 'heading-two', 'heading-three', 'quote', 'bulleted-list', 'numbered-list'],
    editor_components: [],
  };
}

/** A reference to entries of another collection by slug (their file name). */
export function relation(name: string, label: string, collection: string, multiple: boolean): CmsField {
  return {
    label,
    name,
    widget: 'relation',
    collection,
    value_field: '{{slug}}',
    search_fields: ['name'],
    display_fields: ['name'],
    ...(multiple ? { multiple: true, min: 1 } : {}),
  };
}

/** The shared `tags` (at least one, by slug). */
export const tags: CmsField = relation('tags', 'Теги', 'tags', true);

/** The numeric `id` the app's JSON uses (`/news/item/{id}.json`). */
export const id: CmsField = {
  label: 'Номер (id)',
  name: 'id',
  widget: 'number',
  value_type: 'int',
  min: 1,
  step: 1,
  hint: 'Целое число, уникальное в разделе: следующее после наибольшего. По нему приложение открывает материал.',
};

/** A yes/no flag, `false` unless ticked (the schema's `.default(false)`). */
export function flag(name: string, label: string): CmsField {
  return { label, name, widget: 'boolean', required: false, default: false };
}

/** A site-internal path with the trailing slash (`/` or `/po-sts/`), as the schemas' regex wants it. */
export function internalPath(name: string, label: string, hint: string): CmsField {
  return { label, name, widget: 'string', hint, pattern: ['^\\/([a-z0-9_-]+\\/)*$', 'путь латиницей со слешем в конце: /osago/'] };
}

/** The tab of the fine-search form a page opens with. */
export function searchTab(name: string, label: string, required: boolean): CmsField {
  return {
    label,
    name,
    widget: 'select',
    required,
    options: [
      { label: 'Госномер и СТС', value: 'plateSts' },
      { label: 'СТС', value: 'sts' },
      { label: 'Водительское удостоверение', value: 'driverLicense' },
      { label: 'VIN', value: 'vin' },
      { label: 'УИН (номер постановления)', value: 'uin' },
    ],
    ...(required ? {} : { hint: 'Пусто — страница без формы поиска.' }),
  };
}
