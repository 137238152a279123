/** What every product mail is made of: a heading, paragraphs, an optional button, and a closing note. */
export type MailContent = {
  heading: string;
  paragraphs: readonly string[];
  /** Entries under the paragraphs (found fines, reminders): a title, lines under it, a link to it. */
  entries?: readonly { title: string; lines: readonly string[]; url?: string }[];
  action?: { label: string; url: string };
  /** Small print under the button: why the mail came, what to do if it was not you. */
  note?: string;
  /** The site's address, shown in the footer. */
  siteUrl: string;
};

/** Escapes text for HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** The plain-text part: the same words, the link written out. */
export function mailText(content: MailContent): string {
  const parts = [content.heading, '', ...content.paragraphs.flatMap((p) => [p, ''])];
  for (const entry of content.entries ?? []) parts.push(`• ${entry.title}`, ...entry.lines.map((line) => `  ${line}`), ...(entry.url === undefined ? [] : [`  ${entry.url}`]), '');
  if (content.action !== undefined) parts.push(`${content.action.label}: ${content.action.url}`, '');
  if (content.note !== undefined) parts.push(content.note, '');
  parts.push('—', `Штрафы Онлайн, ${content.siteUrl}`);
  return parts.join('\n');
}

/** The HTML part: a single column with inline styles (mail clients ignore style sheets). */
export function mailHtml(content: MailContent): string {
  const paragraphs =
    content.paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('') +
    (content.entries ?? [])
      .map(
        (entry) =>
          `<div style="margin:0 0 12px;padding:12px 14px;border:1px solid #e1e6ef;border-radius:10px">` +
          `<p style="margin:0 0 4px;font-weight:600">${entry.url === undefined ? escapeHtml(entry.title) : `<a href="${escapeHtml(entry.url)}" style="color:#1557d6">${escapeHtml(entry.title)}</a>`}</p>` +
          entry.lines.map((line) => `<p style="margin:0;font-size:14px;color:#444">${escapeHtml(line)}</p>`).join('') +
          `</div>`,
      )
      .join('');
  const button =
    content.action === undefined
      ? ''
      : `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:12px 20px;background:#1557d6;color:#ffffff;text-decoration:none;border-radius:8px;font-weight:600">${escapeHtml(content.action.label)}</a></p>` +
        `<p style="margin:0 0 16px;font-size:13px;color:#555">Если кнопка не открывается, скопируйте ссылку в браузер:<br><span style="word-break:break-all">${escapeHtml(content.action.url)}</span></p>`;
  const note = content.note === undefined ? '' : `<p style="margin:16px 0 0;font-size:13px;color:#555">${escapeHtml(content.note)}</p>`;
  return [
    '<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">',
    `<title>${escapeHtml(content.heading)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f3f5f9;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1a1f2b">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">',
    `<h1 style="margin:0 0 20px;font-size:22px">${escapeHtml(content.heading)}</h1>`,
    paragraphs,
    button,
    note,
    `<p style="margin:32px 0 0;font-size:13px;color:#777">Штрафы Онлайн · <a href="${escapeHtml(content.siteUrl)}" style="color:#1557d6">${escapeHtml(content.siteUrl.replace(/^https?:\/\//, ''))}</a></p>`,
    '</div></body></html>',
  ].join('');
}
