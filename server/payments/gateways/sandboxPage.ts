import { escapeHtml } from '../../mail/layout.ts';
import { formatKopecks } from '../../../src/lib/paymentTotals.ts';
import { SANDBOX_CARDS, SANDBOX_SAVED_CARD } from './sandboxCards.ts';

/** What the sandbox's card page shows: the payment, the signed fields it posts back, and an error to repeat. */
export type SandboxPageInput = {
  amountKopecks: number;
  description: string;
  fields: Record<string, string>;
  error?: string;
  /** The gateway the sandbox stands in for ('moneta' by default). */
  gateway?: string;
  /** Where the form posts (relative 'pay' by default). */
  action?: string;
};

/**
 * The sandbox's hosted card page: a plain HTML form (no script), like the card page of a real gateway,
 * with the test cards listed. Every field given (moneta's signed MNT_* request) goes back with the card,
 * so the pay step re-checks the request's signature; the A3 sandbox posts to its order's address.
 */
export function sandboxPage(input: SandboxPageInput): string {
  const hidden = Object.entries(input.fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n      ');
  const cards = SANDBOX_CARDS.map((card) => `<li><code>${card.number}</code> — ${card.label}</li>`).join('');
  const error = input.error === undefined ? '' : `<p class="error" role="alert" id="card-error">${escapeHtml(input.error)}</p>`;
  return `<!doctype html>
<html lang="ru">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <title>Оплата картой — тестовый шлюз ${escapeHtml(input.gateway ?? 'moneta')}</title>
  <style>
    body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f3f5f8; color: #16202c; }
    main { max-width: 26rem; margin: 2rem auto; background: #fff; padding: 1.5rem; border-radius: 12px; box-shadow: 0 2px 10px rgb(0 0 0 / 8%); }
    .sandbox { background: #fff4d6; padding: .5rem .75rem; border-radius: 8px; font-size: .9rem; }
    label { display: block; margin-top: 1rem; font-weight: 600; }
    input[type=text] { width: 100%; box-sizing: border-box; font-size: 1.1rem; padding: .6rem; margin-top: .25rem; border: 1px solid #8a96a3; border-radius: 8px; }
    .row { display: flex; gap: 1rem; } .row > div { flex: 1; }
    button { margin-top: 1.25rem; width: 100%; font-size: 1.1rem; padding: .75rem; border-radius: 8px; border: 0; background: #0b5fff; color: #fff; cursor: pointer; }
    button.secondary { background: #fff; color: #0b5fff; border: 1px solid #0b5fff; }
    .error { color: #b00020; font-weight: 600; }
    .amount { font-size: 1.6rem; font-weight: 700; margin: .25rem 0 0; }
    .or { text-align: center; color: #5b6475; margin: 1rem 0 0; }
  </style>
</head>
<body>
  <main>
    <p class="sandbox">Тестовый платёжный шлюз: деньги не списываются.</p>
    <h1>Оплата картой</h1>
    <p>${escapeHtml(input.description)}</p>
    <p class="amount">${formatKopecks(input.amountKopecks)}</p>
    ${error}
    <form method="post" action="${escapeHtml(input.action ?? 'pay')}">
      ${hidden}
      <button type="submit" name="savedCard" value="${SANDBOX_SAVED_CARD}">Оплатить сохранённой картой •• ${SANDBOX_SAVED_CARD.slice(-4)}</button>
    </form>
    <p class="or">или другой картой</p>
    <form method="post" action="${escapeHtml(input.action ?? 'pay')}">
      ${hidden}
      <label for="card">Номер карты</label>
      <input type="text" id="card" name="card" inputmode="numeric" autocomplete="cc-number" required maxlength="23"${input.error === undefined ? '' : ' aria-describedby="card-error" aria-invalid="true"'}>
      <div class="row">
        <div><label for="exp">Срок действия</label><input type="text" id="exp" name="exp" inputmode="numeric" autocomplete="cc-exp" placeholder="ММ/ГГ" required maxlength="5"></div>
        <div><label for="cvc">CVC</label><input type="text" id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required maxlength="4"></div>
      </div>
      <button type="submit" name="action" value="pay">Оплатить ${formatKopecks(input.amountKopecks)}</button>
      <button type="submit" name="action" value="cancel" class="secondary" formnovalidate>Отменить и вернуться</button>
    </form>
    <h2>Тестовые карты</h2>
    <ul>${cards}</ul>
    <p>Срок действия — любой в будущем, CVC — любые три цифры.</p>
  </main>
</body>
</html>`;
}
