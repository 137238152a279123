import { escapeHtml } from '../../mail/layout.ts';
import { PROVIDER_NAMES } from './provider.ts';
import type { OAuthProviderId } from './provider.ts';

/** The consent page's own CSP: inline styles, a form posting here and redirecting to the site. */
export function consentCsp(siteOrigin: string): string {
  return `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${siteOrigin}; frame-ancestors 'none'; base-uri 'none'`;
}

/** The sandbox's consent page: who asks, a login to be (any), «Разрешить» and «Отказать». */
export function consentPage(provider: OAuthProviderId, fields: Record<string, string>): string {
  const hidden = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  const name = PROVIDER_NAMES[provider];
  return [
    '<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">',
    `<meta name="robots" content="noindex, nofollow"><title>${name} — песочница</title>`,
    '<style>body{margin:0;padding:24px;font:16px/1.5 system-ui,Arial,sans-serif;background:#f3f5f9;color:#1a1f2b}main{max-width:420px;margin:0 auto;background:#fff;border-radius:12px;padding:24px}label{display:grid;gap:4px;font-weight:600}input[type=text]{font:inherit;padding:10px;border:1px solid #b9c2d3;border-radius:8px}.row{display:flex;gap:12px;margin-top:16px}button{font:inherit;flex:1;min-height:44px;border-radius:8px;border:1px solid #1557d6;background:#1557d6;color:#fff;cursor:pointer}button[value=deny]{background:#fff;color:#1557d6}p{color:#555}</style>',
    `</head><body><main><h1>${name}</h1>`,
    '<p>Песочница проекта: настоящий сервис не вызывается. Сайт «Штрафы Онлайн» просит ваш идентификатор, имя и e-mail.</p>',
    `<form method="post">${hidden}<label>Логин в песочнице<input type="text" name="login" value="ivan" autocomplete="off" pattern="[a-z0-9._-]{1,30}" required></label>`,
    '<p>Логин, начинающийся с <code>down-</code>, изображает сбой сервиса при обмене кода на токен, с <code>noinfo-</code> — сбой при выдаче профиля.</p>',
    '<div class="row"><button type="submit" name="decision" value="allow">Разрешить</button><button type="submit" name="decision" value="deny">Отказать</button></div></form>',
    '</main></body></html>',
  ].join('');
}
