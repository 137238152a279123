import { map } from 'nanostores';
import { fetchOpenApi } from '../../api/openapi.ts';
import type { ApiOperation, OpenApiDocument } from '../../api/structs/openapi.ts';
import { userMessage } from '../../api/userMessage.ts';

/** One call as the reference lists it. */
export type ReferenceEntry = { method: string; path: string; operation: ApiOperation };

/** The reference page: loading, the calls grouped by section, or why it failed. */
export type ApiReferenceView = { kind: 'loading' } | { kind: 'ready'; version: string; sections: { tag: string; entries: ReferenceEntry[] }[] } | { kind: 'failed'; message: string };

/** The reference page's state. */
export const $apiReference = map<{ view: ApiReferenceView }>({ view: { kind: 'loading' } });

/** The document's calls grouped by their first tag, in the document's order. */
export function sectionsOf(document: OpenApiDocument): { tag: string; entries: ReferenceEntry[] }[] {
  const sections = new Map<string, ReferenceEntry[]>();
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const tag = operation.tags[0] ?? 'Другое';
      sections.set(tag, [...(sections.get(tag) ?? []), { method: method.toUpperCase(), path, operation }]);
    }
  }
  return [...sections].map(([tag, entries]) => ({ tag, entries }));
}

/** Loads the document once. */
export async function loadApiReference(): Promise<void> {
  if ($apiReference.get().view.kind === 'ready') return;
  $apiReference.set({ view: { kind: 'loading' } });
  try {
    const document = await fetchOpenApi();
    $apiReference.set({ view: { kind: 'ready', version: document.info.version, sections: sectionsOf(document) } });
  } catch (error) {
    $apiReference.set({ view: { kind: 'failed', message: userMessage(error) } });
  }
}
