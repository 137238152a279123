import { escapeHtml } from '../../../mail/layout.ts';
import { SANDBOX_TOKEN_CARDS } from './sandboxTokenCards.ts';

/** What one sandbox's card-binding page says and where its form goes. */
export type SandboxBindingPage = {
  /** The gateway's name as the page shows it: 'moneta', 'A3'. */
  gateway: string;
  /** The form's action. */
  action: string;
  /** Hidden fields the form carries back (moneta's signed request), if any. */
  hidden?: Record<string, string>;
  /** The refusal of the last try, shown above the form. */
  error?: string;
};

/** A sandbox gateway's hosted card-binding page: the card form and the sandbox's test cards (a plain form, like a gateway's own page). */
export function sandboxBindingPage({ gateway, action, hidden = {}, error }: SandboxBindingPage): string {
  const fields = Object.entries(hidden).map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`).join('');
  const cards = SANDBOX_TOKEN_CARDS.map((card) => `<li><code>${card.number}</code> — ${card.label}</li>`).join('');
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Привязка карты — тестовый шлюз ${escapeHtml(gateway)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f3f5f8;color:#16202c}main{max-width:26rem;margin:2rem auto;background:#fff;padding:1.5rem;border-radius:12px}.sandbox{background:#fff4d6;padding:.5rem .75rem;border-radius:8px}label{display:block;margin-top:1rem;font-weight:600}input[type=text]{width:100%;box-sizing:border-box;font-size:1.1rem;padding:.6rem;border:1px solid #8a96a3;border-radius:8px}button{margin-top:1.25rem;width:100%;font-size:1.1rem;padding:.75rem;border-radius:8px;border:0;background:#0b5fff;color:#fff}button.secondary{background:#fff;color:#0b5fff;border:1px solid #0b5fff}.error{color:#b00020;font-weight:600}</style></head>
<body><main><p class="sandbox">Тестовый платёжный шлюз ${escapeHtml(gateway)}: деньги не списываются.</p><h1>Привязка карты</h1>
<p>Для проверки карты банк заблокирует 1 ₽ и сразу вернёт его. Номер карты хранит шлюз, сервис получает только токен.</p>
${error === undefined ? '' : `<p class="error" role="alert" id="card-error">${escapeHtml(error)}</p>`}
<form method="post" action="${escapeHtml(action)}">${fields}
<label for="card">Номер карты</label><input type="text" id="card" name="card" inputmode="numeric" autocomplete="cc-number" required maxlength="23">
<label for="exp">Срок действия</label><input type="text" id="exp" name="exp" inputmode="numeric" autocomplete="cc-exp" placeholder="ММ/ГГ" required maxlength="5">
<label for="cvc">CVC</label><input type="text" id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required maxlength="4">
<button type="submit" name="action" value="bind">Привязать карту</button>
<button type="submit" name="action" value="cancel" class="secondary" formnovalidate>Отменить и вернуться</button></form>
<h2>Тестовые карты</h2><ul>${cards}</ul><p>Срок действия — любой в будущем, CVC — любые три цифры.</p></main></body></html>`;
}
