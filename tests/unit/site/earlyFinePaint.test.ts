import { describe, expect, it } from 'vitest';
import { earlyRequestsScript } from '../../../src/api/earlyRequestsScript.ts';
import { amountLabels } from '../../../src/stores/fineView.ts';
import type { Fine } from '../../../src/api/structs/fine.ts';

// Issue 27: on a fine's page the inline script paints the fine's title and amount into the static
// first state (src/components/FineShell.astro) before the island loads. What it paints must be what
// the island then shows (amountLabels), so the swap changes no text.

type Part = { textContent: string; hidden: boolean; removed: boolean; remove: () => void };
const part = (text = '', hidden = false): Part => ({
  textContent: text,
  hidden,
  removed: false,
  remove() {
    this.removed = true;
  },
});

/** Runs the script on a shared fine's address whose API reply is `fine`; resolves with the shell's parts after the reply. */
async function painted(fine: Partial<Fine> | undefined, status = 200, parsedAfter = 0): Promise<Record<string, Part>> {
  const parts: Record<string, Part> = { title: part(), amount: part('', true), 'to-pay': part(), full: part('', true), placeholder: part() };
  const shell = { querySelector: (selector: string) => parts[/data-early="([^"]+)"/.exec(selector)?.[1] ?? ''] ?? null };
  let answered: Promise<unknown> = Promise.resolve();
  // The page may still be read when the reply comes: the shell is then found on a later look.
  let looks = 0;
  const doc = {
    get readyState() {
      return looks <= parsedAfter ? 'loading' : 'complete';
    },
    getElementById: (id: string) => (id === 'fine-shell' && ++looks > parsedAfter ? shell : null),
    addEventListener: () => undefined,
  };
  const win = {
    setTimeout: (run: () => void) => setTimeout(run, 0),
    location: { pathname: '/fines/info/AbCdEfGhIjKlMnOpQrStUv/', search: '' },
    localStorage: { getItem: () => null },
    document: doc,
    fetch: () => {
      const body = fine === undefined ? { status: 'error', error: { errorCode: 404, errorDesc: 'Штраф не найден' } } : { status: 'ok', response: { fine } };
      answered = Promise.resolve(Response.json(body, { status }));
      return answered;
    },
  };
  new Function('window', earlyRequestsScript('', 'fine'))(win);
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
  await answered;
  for (let i = 0; i <= parsedAfter + 1; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  return parts;
}

const fine = (over: Partial<Fine>): Partial<Fine> => ({ paid: false, articleTitle: 'Превышение скорости на 20–40 км/ч', uin: '18810177260101234567', rulingDate: '2026-11-03', discountActive: true, amountToPay: 375, fullAmount: 750, ...over });

describe('the fine painted before the island', () => {
  it.each([
    ['a discounted fine', fine({})],
    ['a fine past its discount', fine({ discountActive: false, amountToPay: 750 })],
    ['thousands and kopecks', fine({ amountToPay: 1250.5, fullAmount: 2501 })],
    ['a large amount', fine({ discountActive: false, amountToPay: 1_000_000, fullAmount: 1_000_000 })],
  ])('%s: the title and the amounts as the island writes them', async (_name, given) => {
    const parts = await painted(given);
    const labels = amountLabels(given as Fine);
    expect(parts['title']?.textContent).toBe(given.articleTitle);
    expect(parts['to-pay']?.textContent).toBe(labels.toPay);
    expect(parts['full']?.hidden).toBe(labels.full === undefined);
    if (labels.full !== undefined) expect(parts['full']?.textContent).toBe(labels.full);
    expect(parts['amount']?.hidden).toBe(false);
    expect(parts['placeholder']?.removed).toBe(true);
  });

  it('paints nothing for a paid fine, an error reply or a reply of another shape', async () => {
    for (const parts of [await painted(fine({ paid: true })), await painted(undefined, 404), await painted({ articleTitle: 'x' })]) {
      expect(parts['title']?.textContent).toBe('');
      expect(parts['amount']?.hidden).toBe(true);
      expect(parts['placeholder']?.removed).toBe(false);
    }
  });

  it('paints a shell the page had not yet read when the reply came', async () => {
    const parts = await painted(fine({}), 200, 3);
    expect(parts['to-pay']?.textContent).toBe(amountLabels(fine({}) as Fine).toPay);
    expect(parts['placeholder']?.removed).toBe(true);
  });
});
