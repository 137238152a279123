/**
 * File names of new entries. Decap derives a new file's name from the entry's data and keeps Cyrillic
 * as it is; our file names are Latin slugs (content/README.md: the file name is the URL segment).
 * Just before a new entry is saved, `preSave` adds two transient keys that Decap's naming reads and
 * the JSON format (jsonFormat.ts) never writes to the file.
 */
import { slugify } from './translit.ts';

/** Data key read by every collection's slug template (`slug: '{{fields._slug}}'` in config.yml). */
export const SLUG_KEY = '_slug';

/** Data key holding a nested entry's real title while Decap names the file after `title`. */
export const TITLE_KEY = '_title';

/** Keys the editor never sees and the file never holds. */
export const TRANSIENT_KEYS = [SLUG_KEY, TITLE_KEY];

/** The field a new entry's file name is transliterated from, per collection of src/content.config.ts. */
export const SLUG_SOURCE: Record<string, string> = {
  tags: 'name',
  categories: 'name',
  news: 'title',
  good_to_know: 'title',
  faq: 'question',
  cities: 'name',
  finance: 'title',
  insurance: 'title',
  rules: 'title',
  licenses: 'title',
  topics: 'title',
  landings: 'path',
  pages: 'title',
  reviews: 'author',
  banners: 'name',
};

/**
 * Collections edited as a folder tree (Decap `nested` + `meta.path`). For a new entry there, Decap
 * builds the path as `<folder>/<meta.path>/<sanitised title>.json`, so the title itself must carry the
 * slug until the file is written.
 */
export const NESTED_COLLECTIONS = ['finance', 'insurance'];

/** The keys to merge into a new entry's data before Decap names its file. */
export function newEntryKeys(collection: string, read: (field: string) => unknown): Record<string, string> {
  const slug = slugify(String(read(SLUG_SOURCE[collection] ?? 'title') ?? ''));
  if (!NESTED_COLLECTIONS.includes(collection)) return { [SLUG_KEY]: slug };
  return { [SLUG_KEY]: slug, title: slug, [TITLE_KEY]: String(read('title') ?? '') };
}

/** Data as it goes into the file: the real title back in place, transient keys dropped. */
export function withoutTransientKeys(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...data };
  if (typeof out[TITLE_KEY] === 'string') out['title'] = out[TITLE_KEY];
  for (const key of TRANSIENT_KEYS) delete out[key];
  return out;
}
