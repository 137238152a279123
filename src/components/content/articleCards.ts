import type { CollectionEntry } from 'astro:content';
import { byDateDesc } from '../../lib/listing.ts';

/** good_to_know entries as cards, newest first. */
export function articleCards(entries: readonly CollectionEntry<'good_to_know'>[]) {
  return byDateDesc(entries.map((e) => ({ ...e.data, slug: e.id }))).map((a) => ({
    href: `/good_to_know/${a.slug}/`,
    title: a.title,
    description: a.description,
    date: a.date,
  }));
}
