// The island of a visitor's own page (a fine, the list after a search, the profile) can only ask the
// API after its code has loaded: on a phone that is the longest wait of the page (issue 27). This
// script runs inline in the page's <head>, before any module, and starts the API requests the island
// will make, with the credentials stored in local storage; earlyReplies.ts hands each reply
// to the island's first identical request. It is plain JavaScript in a string because an inline
// script needs its exact text hashed into the Content-Security-Policy (src/integrations/
// inlineScriptHashes.ts); tests/unit/site/earlyRequests.test.ts runs it against a fake page and checks
// that its addresses are the ones the stores ask for.
import { FINE_SHELL_ID } from '../lib/fineIntro.ts';
import { PROFILE_SHELL_ID, PROFILE_SHELL_ITEMS } from '../lib/profileShell.ts';

/** The global the script leaves its replies under (read by earlyReplies.ts). */
export const EARLY_REPLIES_GLOBAL = '__earlyReplies';

/** The pages that start their requests early, each with its own script (a page carries only its own part). */
export const EARLY_PAGES = ['fine', 'fines', 'auth', 'profile'] as const;

/** One of EARLY_PAGES: a fine's page (by id or share link), the list after a search, sign-in, the profile. */
export type EarlyPage = (typeof EARLY_PAGES)[number];

/** The money formatter the fine's and the profile's painting share (as formatRub in src/lib/money.ts). */
const rubPart = () => `  function rub(value) {
    var kopecks = Math.round(Number((Math.abs(value) * 100).toPrecision(15)));
    var whole = String(Math.floor(kopecks / 100)).replace(/\\B(?=(\\d{3})+(?!\\d))/g, '\\u00a0');
    return (value < 0 && kopecks > 0 ? '\\u2212' : '') + whole + ',' + String(kopecks % 100).padStart(2, '0') + '\\u00a0\\u20bd';
  }
`;

/**
 * What each page's script does after the shared part (the credentials, `ask`, the page's `path`): its painting
 * and its requests. Made on call: the page code imports this module for EARLY_REPLIES_GLOBAL, and
 * texts made at the top would go into every page's bundle.
 */
const pageParts = (): Record<EarlyPage, string> => ({
  fine: `${rubPart()}  // A fine's page: its title and amount painted into the page's static first state
  // (src/components/FineShell.astro) as soon as they arrive, before the island's code has loaded.
  function paintFine(result) {
    var fine = result && result.status === 200 && result.data && result.data.status === 'ok' && result.data.response ? result.data.response.fine : null;
    if (!fine || fine.paid || typeof fine.amountToPay !== 'number' || typeof fine.fullAmount !== 'number') return;
    // Module scripts hold DOMContentLoaded back until they have run, so the shell is looked for as soon
    // as the reply is here, and again each frame while the page is still being read.
    function paint() {
      var shell = w.document.getElementById(${JSON.stringify(FINE_SHELL_ID)});
      var placeholder = shell && shell.querySelector('[data-early="placeholder"]');
      if (!placeholder) {
        if (w.document.readyState === 'loading') w.setTimeout(paint, 16);
        return;
      }
      function part(name) { return shell.querySelector('[data-early="' + name + '"]'); }
      var discounted = fine.discountActive === true && fine.amountToPay < fine.fullAmount;
      part('title').textContent = fine.articleTitle;
      part('to-pay').textContent = rub(discounted ? fine.amountToPay : fine.fullAmount);
      if (discounted) {
        part('full').textContent = rub(fine.fullAmount);
        part('full').hidden = false;
      }
      part('amount').hidden = false;
      placeholder.remove();
    }
    paint();
  }
  var found;
  var fineReply;
  if ((found = /^\\/fines\\/info\\/([A-Za-z0-9_-]{22})\\/?$/.exec(path))) fineReply = ask('/105/api/fine/info/' + found[1], false);
  else if ((found = /^\\/fines\\/([1-9][0-9]{0,9})\\/?$/.exec(path))) fineReply = ask('/105/api/fine?fine=' + found[1], true);
  if (fineReply) fineReply.then(paintFine, function () {});
`,
  fines: `  if (/^\\/fines\\/?$/.test(path)) {
    var query = new URLSearchParams(w.location.search);
    var sts = query.get('sts'), dl = query.get('dl');
    if (sts && /^[1-9][0-9]{0,9}$/.test(sts)) ask('/105/api/fineList/by/sts/' + sts, true);
    else if (!sts && dl && /^[1-9][0-9]{0,9}$/.test(dl)) ask('/105/api/fineList/by/dl/' + dl, true);
  }
`,
  auth: `  // The sign-in page shows its form once it knows the ways this server offers (so no tab appears later).
  if (/^\\/auth\\/?$/.test(path)) ask('/105/api/auth/ways', false);
`,
  profile: `${rubPart()}  // The profile's first fines, taxes and debts, painted into its static first state
  // (src/components/ProfileShell.astro) the same way: as texts, never as markup. The Russian words
  // (the kind, "from", "paid") are escaped so that the hashed text is plain ASCII.
  function ruDay(iso) { return String(iso).slice(0, 10).split('-').reverse().join('.'); }
  function paintOrdinances(result) {
    var reply = result && result.status === 200 && result.data && result.data.status === 'ok' ? result.data.response : null;
    var items = reply && Array.isArray(reply.items) ? reply.items.filter(function (item) {
      return item && typeof item.title === 'string' && typeof item.amountToPay === 'number' && typeof item.date === 'string';
    }).slice(0, ${PROFILE_SHELL_ITEMS}) : [];
    if (items.length === 0) return;
    function paint() {
      var d = w.document;
      var shell = d.getElementById(${JSON.stringify(PROFILE_SHELL_ID)});
      var section = shell && shell.querySelector('[data-early="ordinances"]');
      var list = section && section.querySelector('ul');
      if (!list) {
        if (d.readyState === 'loading') w.setTimeout(paint, 16);
        return;
      }
      function add(parent, tag, className, text) {
        var element = d.createElement(tag);
        element.className = className;
        if (text !== undefined) element.textContent = text;
        parent.appendChild(element);
        return element;
      }
      items.forEach(function (item) {
        var row = add(list, 'li', item.paid ? 'ordinance ordinance--paid' : 'ordinance');
        var main = add(row, 'div', 'ordinance__main');
        var title = add(main, 'p', 'ordinance__title', item.title);
        title.setAttribute('elementtiming', 'profile-ordinance');
        var kind = item.kind === 'fine' ? '\\u0428\\u0442\\u0440\\u0430\\u0444' : item.kind === 'tax' ? '\\u041d\\u0430\\u043b\\u043e\\u0433' : '\\u0414\\u043e\\u043b\\u0433 \\u0424\\u0421\\u0421\\u041f';
        add(main, 'p', 'ordinance__meta muted', kind + ' \\u00b7 \\u043e\\u0442 ' + ruDay(item.date) + (typeof item.vehiclePlate === 'string' ? ' \\u00b7 ' + item.vehiclePlate : ''));
        var sum = add(row, 'div', 'ordinance__sum');
        if (item.paid) add(sum, 'span', 'badge badge--paid', '\\u041e\\u043f\\u043b\\u0430\\u0447\\u0435\\u043d');
        else add(sum, 'strong', '', rub(item.amountToPay));
      });
      section.hidden = false;
    }
    paint();
  }
  if (/^\\/profile\\/?$/.test(path)) {
    ask('/105/api/user', true);
    // The document lists are kept for a while (src/stores/profile/documents.ts): asked only when stale.
    var expires = 0;
    try { expires = Number(JSON.parse(w.localStorage.getItem('documents') || '{}').documentsExpiration) || 0; } catch (e) {}
    if (expires <= Date.now()) ['/105/api/sts', '/105/api/driverLicense', '/105/api/inn'].forEach(function (p) { ask(p, true); });
    var ordinances = ask('/api/ordinances/get/all?page=1&showBy=50&order=DEFAULT&isDataWithAsterisks=true&instance=web', true);
    if (ordinances) ordinances.then(paintOrdinances, function () {});
    ask('/api/ordinances/get/summary', true);
  }
`,
});

/**
 * The script of `page` for an API at `apiBase` ('' for the site's own origin). Per address: /fines/info/{hash}/
 * (a shared fine, anonymous), /fines/{id}/ (the visitor's fine), /fines/?sts=… or ?dl=… (the list
 * after a search), /auth/ (the sign-in ways, anonymous), /profile/ (the account, its documents and the
 * first page of its fines); on any other address it asks nothing. Each reply is kept as
 * `{ session, reply: Promise<{ status, data }>, at }` under the request's path and query. An unpaid
 * fine's title and amount, and the profile's first ordinances, are painted into the page's static
 * first state on arrival.
 */
export function earlyRequestsScript(apiBase: string, page: EarlyPage): string {
  return `(function (w) {
  var base = ${JSON.stringify(apiBase)};
  var auth = null;
  try {
    var stored = JSON.parse(w.localStorage.getItem('authData') || 'null');
    var web = stored && stored.web;
    if (web && web.session && web.rand && web.userId) auth = web;
  } catch (e) {}
  var replies = {};
  w.${EARLY_REPLIES_GLOBAL} = replies;
  function ask(path, signed) {
    if (signed && !auth) return;
    var headers = { Accept: 'application/json' };
    if (signed) {
      headers['X-Session'] = auth.session;
      headers['X-Rand'] = auth.rand;
      headers['X-User-Id'] = auth.userId;
    }
    var reply = w.fetch(base + path, { headers: headers }).then(function (response) {
      return response.json().then(function (data) { return { status: response.status, data: data }; });
    });
    reply.catch(function () {});
    replies[path] = { session: signed ? auth.session : '', reply: reply, at: Date.now() };
    return reply;
  }
  var path = w.location.pathname;
${pageParts()[page]}})(window);`;
}
