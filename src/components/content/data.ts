import { getCollection } from 'astro:content';

/** Tag slug → name, for every tag of content/tags. */
export async function tagNames(): Promise<Map<string, string>> {
  return new Map((await getCollection('tags')).map((t) => [t.id, t.data.name]));
}

/** Resolves tag references to { slug, name } for links. */
export function resolveTags(refs: readonly { id: string }[], names: Map<string, string>) {
  return refs.map((r) => ({ slug: r.id, name: names.get(r.id) ?? r.id }));
}
