import { escapeHtml } from '../../mail/layout.ts';
import { formatKopecks } from '../../../src/lib/paymentTotals.ts';

/** What the sandbox «bank app» shows: the invoice, the bank it pretends to be, and a note when the link is spent. */
export type BankPageInput = { amountKopecks: number; description: string; bankName: string; action: string; note?: string };

/**
 * The sandbox's «bank app»: what a payer sees in their bank's app after scanning an СБП QR code or
 * tapping the bank's button — the payee, the amount, and three outcomes to try: pay, decline, or leave
 * it until the link's time runs out. A plain form, no script.
 */
export function sandboxBankPage(input: BankPageInput): string {
  const body =
    input.note === undefined
      ? `<form method="post" action="${escapeHtml(input.action)}">
      <button type="submit" name="outcome" value="pay">Оплатить ${formatKopecks(input.amountKopecks)}</button>
      <button type="submit" name="outcome" value="decline" class="secondary">Банк отклоняет оплату</button>
      <button type="submit" name="outcome" value="timeout" class="secondary">Не платить: время на оплату истекает</button>
    </form>`
      : `<p role="status" id="bank-note">${escapeHtml(input.note)}</p>`;
  return `<!doctype html>
<html lang="ru">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <title>Оплата по СБП — тестовое приложение банка</title>
  <style>
    body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #eef2f6; color: #16202c; }
    main { max-width: 26rem; margin: 2rem auto; background: #fff; padding: 1.5rem; border-radius: 12px; box-shadow: 0 2px 10px rgb(0 0 0 / 8%); }
    .sandbox { background: #fff4d6; padding: .5rem .75rem; border-radius: 8px; font-size: .9rem; }
    .amount { font-size: 1.6rem; font-weight: 700; margin: .25rem 0 0; }
    button { display: block; margin-top: 1rem; width: 100%; font-size: 1.05rem; padding: .75rem; border-radius: 8px; border: 0; background: #1d7f4e; color: #fff; cursor: pointer; }
    button.secondary { background: #fff; color: #16202c; border: 1px solid #8a96a3; }
  </style>
</head>
<body>
  <main>
    <p class="sandbox">Тестовое приложение банка «${escapeHtml(input.bankName)}»: деньги не списываются.</p>
    <h1>Оплата по СБП</h1>
    <p>${escapeHtml(input.description)}</p>
    <p class="amount">${formatKopecks(input.amountKopecks)}</p>
    ${body}
  </main>
</body>
</html>`;
}
