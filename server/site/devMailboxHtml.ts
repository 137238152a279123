import { escapeHtml } from '../mail/layout.ts';

/** A kept mail as the mailbox shows it. */
export type OutboxMail = { id: number; to: string; subject: string; text: string; html: string; createdAt: Date };

/** The page's own CSP: its inline styles and nothing else; the mail's HTML frame inherits it, so no script runs there either. */
export const DEV_MAILBOX_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const STYLE = [
  'body{margin:0;padding:24px;font:16px/1.5 system-ui,Arial,sans-serif;color:#1a1f2b;background:#f3f5f9}',
  'main{max-width:900px;margin:0 auto;background:#fff;border-radius:12px;padding:24px 32px}',
  'a{color:#1557d6}ol{padding-left:20px}li{margin:0 0 8px}small,.meta{color:#555}',
  'pre{white-space:pre-wrap;word-break:break-all;background:#f6f7f9;padding:12px;border-radius:8px}',
  'iframe{width:100%;height:640px;border:1px solid #e1e6ef;border-radius:8px}',
].join('');

const dateTime = new Intl.DateTimeFormat('ru-RU', { dateStyle: 'short', timeStyle: 'medium' });

/** A whole page: Russian, not indexed, with its styles inline. */
function page(title: string, body: string): string {
  return [
    '<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">',
    '<meta name="robots" content="noindex, nofollow"><meta name="referrer" content="no-referrer">',
    `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>`,
    body,
    '</main></body></html>',
  ].join('');
}

/** Text with its http(s) addresses made into links (everything escaped; no other scheme becomes a link). */
function linkified(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(/https?:\/\/[^\s<>"']+/g)) {
    out += escapeHtml(text.slice(last, match.index));
    out += `<a href="${escapeHtml(match[0])}">${escapeHtml(match[0])}</a>`;
    last = match.index + match[0].length;
  }
  return out + escapeHtml(text.slice(last));
}

const ABOUT =
  '<p class="meta">Письма, которые сервер сохранил в таблице <code>mail_outbox</code> вместо отправки (не задан <code>SMTP_URL</code>), и SMS с кодами входа (не задан <code>SMS_PROVIDER</code>). ' +
  'Страница открывается только с этого компьютера и не работает при <code>NODE_ENV=production</code>.</p>';

/** The list of kept mail, newest first. */
export function mailboxListPage(mails: readonly OutboxMail[]): string {
  const items = mails
    .map((m) => `<li><a href="/dev/mail/${m.id}/">«${escapeHtml(m.subject)}»</a><br><small>для ${escapeHtml(m.to)}, ${escapeHtml(dateTime.format(m.createdAt))}</small></li>`)
    .join('');
  return page('Почта разработки', `<h1>Почта разработки</h1>${ABOUT}${mails.length === 0 ? '<p>Писем пока нет.</p>' : `<ol>${items}</ol>`}`);
}

/**
 * One mail: who, what, when; its text with the links clickable; its HTML in a sandboxed frame (no
 * scripts, not this origin; links open in a new tab), escaped into the frame's srcdoc attribute.
 */
export function mailboxMailPage(mail: OutboxMail): string {
  // Links open in a new tab (a sandboxed frame may not navigate the page); the base goes inside <head>, not before the doctype.
  const base = '<base target="_blank">';
  const frame = /<head[^>]*>/i.test(mail.html) ? mail.html.replace(/<head[^>]*>/i, (head) => `${head}${base}`) : `${base}${mail.html}`;
  return page(
    mail.subject,
    [
      '<p><a href="/dev/mail/">← Все письма</a></p>',
      `<h1>«${escapeHtml(mail.subject)}»</h1>`,
      `<p class="meta">Кому: ${escapeHtml(mail.to)}<br>Сохранено: ${escapeHtml(dateTime.format(mail.createdAt))}</p>`,
      // An SMS of the phone sign-in's sandbox has text only (issue 29).
      `<h2>${mail.html === '' ? 'Текст SMS' : 'Текст письма'}</h2><pre>${linkified(mail.text)}</pre>`,
      mail.html === '' ? '' : `<h2>Как письмо выглядит</h2><iframe title="HTML-версия письма" sandbox="allow-popups allow-popups-to-escape-sandbox" referrerpolicy="no-referrer" srcdoc="${escapeHtml(frame)}"></iframe>`,
    ].join(''),
  );
}

/** The answer for a mail that is not (or no longer) there. */
export function mailboxMissingPage(): string {
  return page('Письмо не найдено', '<h1>Письмо не найдено</h1><p><a href="/dev/mail/">← Все письма</a></p>');
}

/** The answer to a request from elsewhere than this machine. */
export function mailboxRefusedPage(): string {
  return page('Доступ запрещён', '<h1>Почта разработки</h1><p>Эта страница открывается только с этого компьютера: по адресу http://localhost, без прокси.</p>');
}
