// The FAQ's search box (issue 24 item 21). A few lines of script, not a React island: it only hides the
// questions that do not match, in a list the page already has. The matching rule is src/lib/faqSearch.ts.

import { matchesQuery } from '../../lib/faqSearch.ts';
import { plural } from '../../lib/plural.ts';

/**
 * The inline script right after the hidden search box: shows it before the first paint (so the list
 * below never jumps), only where JavaScript runs. Its exact text is hashed into the CSP
 * (src/integrations/inlineScriptHashes.ts).
 */
export const FAQ_SEARCH_REVEAL_SCRIPT = `document.currentScript.previousElementSibling.hidden = false;`;

/** Filters the list's questions by what is typed in the box; says how many are left, or that none is. */
export function startFaqSearch(box: HTMLElement, list: HTMLElement, empty: HTMLElement): void {
  const input = box.querySelector<HTMLInputElement>('input');
  const status = box.querySelector<HTMLElement>('[role="status"]');
  if (input === null || status === null) return;
  const items = [...list.querySelectorAll<HTMLDetailsElement>('details')].map((item) => ({ item, text: item.textContent ?? '' }));
  const apply = () => {
    const query = input.value;
    let shown = 0;
    for (const { item, text } of items) {
      const match = matchesQuery(text, query);
      item.hidden = !match;
      if (match) shown += 1;
    }
    empty.hidden = shown > 0;
    status.textContent = query.trim() === '' ? '' : shown === 0 ? 'Ничего не нашлось' : `${plural(shown, ['Нашёлся', 'Нашлось', 'Нашлось'])} ${shown} ${plural(shown, ['вопрос', 'вопроса', 'вопросов'])}`;
  };
  input.addEventListener('input', apply);
  // A query kept by the browser (Back to this page) filters at once.
  if (input.value !== '') apply();
}
