/**
 * Russian → Latin transliteration for file names, the way the existing content is named:
 * «Нижний Новгород» → nizhnij-novgorod, «Эвакуация» → evakuaciya, «Грозный» → groznyj.
 */
const LETTERS: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'j',
  к: 'k', л: 'l', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f',
  х: 'h', ц: 'c', ч: 'ch', ш: 'sh', щ: 'shch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
};

/** Longest slug we generate; a longer one is cut at the last hyphen before the limit. */
export const MAX_SLUG_LENGTH = 60;

/** Slug used when the source text has no letters or digits at all. */
export const FALLBACK_SLUG = 'zapis';

/** A file-name slug (`[a-z0-9]+(-[a-z0-9]+)*`, at most MAX_SLUG_LENGTH) transliterated from any text. */
export function slugify(text: string): string {
  const latin = Array.from(text.toLowerCase().normalize('NFC'), (ch) => {
    if (ch in LETTERS) return LETTERS[ch];
    return /[a-z0-9]/.test(ch) ? ch : '-';
  }).join('');
  const slug = latin.replace(/-+/g, '-').replace(/^-|-$/g, '');
  if (slug.length <= MAX_SLUG_LENGTH) return slug || FALLBACK_SLUG;
  const cut = slug.slice(0, MAX_SLUG_LENGTH + 1);
  const lastHyphen = cut.lastIndexOf('-');
  return (lastHyphen > 0 ? cut.slice(0, lastHyphen) : cut.slice(0, MAX_SLUG_LENGTH)).replace(/-$/, '');
}
