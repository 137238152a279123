import type { CollectionEntry } from 'astro:content';
import { markdownToText } from '../../lib/markdown.ts';

/** schema.org FAQPage for a set of questions. */
export function faqJsonLd(entries: readonly CollectionEntry<'faq'>[]): Record<string, unknown> {
  return {
    '@type': 'FAQPage',
    mainEntity: entries.map((e) => ({
      '@type': 'Question',
      name: e.data.question,
      acceptedAnswer: { '@type': 'Answer', text: markdownToText(e.data.answer) },
    })),
  };
}

/** Questions in editorial order. */
export const byOrder = (entries: readonly CollectionEntry<'faq'>[]) => [...entries].sort((a, b) => a.data.order - b.data.order);
