// The FAQ's search box (issue 24 item 21) filters the questions as the visitor types. People type
// «штраф камера», «ё» as «е», in any case: a question matches when every word typed is found at the
// start of some word of its question or answer («камер» finds «камеры», «камерой»).

/** Text brought to one form for matching: lower case, «ё» as «е», only letters and digits, single spaces. */
export function searchForm(text: string): string {
  return text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** True when every word of the query begins a word of the text (an empty query matches everything). */
export function matchesQuery(text: string, query: string): boolean {
  const words = searchForm(query).split(' ').filter(Boolean);
  if (words.length === 0) return true;
  const haystack = ` ${searchForm(text)}`;
  return words.every((word) => haystack.includes(` ${word}`));
}
