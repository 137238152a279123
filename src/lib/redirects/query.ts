/**
 * Query rules of spec §2. Both work on the raw query string (without '?', as URL.search gives it,
 * already normalised by the URL parser) and change nothing but what the rule names, so every other
 * byte of the visitor's query survives the redirect.
 */

/** The flag spec §2 adds to a /b2b-promo/ query once it has been re-decoded. */
export const URIDECODED_FLAG = 'uridecoded=true';

// An underscore between a letter or digit and a lower-case letter or digit. The lookbehind reads
// the original string, so 'a_b_c' becomes 'aBC' in one pass and a second pass changes nothing.
// Leading underscores ('_ga'), doubled ones and SCREAMING_CASE are not snake_case and stay.
const SNAKE_JOINT = /(?<=[A-Za-z0-9])_([a-z0-9])/g;

/** A query key in camelCase ('fine_id' → 'fineId'); 'utm_' keys (any case) are returned unchanged. */
export function camelCaseKey(key: string): string {
  if (/^utm_/i.test(key)) return key;
  return key.replace(SNAKE_JOINT, (_joint, letter: string) => letter.toUpperCase());
}

/**
 * The query with every key in camelCase and values untouched. Keys are read raw, as sent: an
 * escaped underscore ('user%5Ftype') is not converted.
 */
export function camelCaseQuery(query: string): string {
  if (query === '') return query;
  return query
    .split('&')
    .map((piece) => {
      const eq = piece.indexOf('=');
      return eq === -1 ? camelCaseKey(piece) : camelCaseKey(piece.slice(0, eq)) + piece.slice(eq);
    })
    .join('&');
}

// What the URL parser itself escapes in a query (C0 controls, space, '"', '#', '<', '>', "'",
// and everything beyond ASCII), so a decoded query comes back from the parser byte for byte and
// can never break out of the Location header or into a fragment.
const NEEDS_ESCAPE = /[^\x21-\x7E]|["#<>']/gu;

function escapeForQuery(text: string): string {
  return text.replace(NEEDS_ESCAPE, (char) => (char === "'" ? '%27' : encodeURIComponent(char)));
}

/**
 * The /b2b-promo/ re-decoding (spec §2). Mail campaigns deliver the query percent-encoded as a
 * whole ('utm_source%3Dmail%26utm_medium%3Demail'); it is decoded once with decodeURIComponent,
 * whatever the decoded text must not hold raw is escaped again, and 'uridecoded=true' is appended.
 * Nothing changes when the query is empty, already carries 'uridecoded=true' (so the redirect's
 * own result is left alone), is malformed (a stray '%'), or decodes to itself (nothing was
 * encoded: 'a=1', or only text the parser escapes anyway, such as Cyrillic). The decoding is
 * deliberately lossy: an escaped '&' or '=' inside a value becomes a separator; the flag tells
 * the page that this happened.
 */
export function redecodeQuery(query: string): string {
  if (query === '' || query.split('&').includes(URIDECODED_FLAG)) return query;
  let decoded: string;
  try {
    decoded = escapeForQuery(decodeURIComponent(query));
  } catch {
    return query;
  }
  if (decoded === query) return query;
  if (decoded.split('&').includes(URIDECODED_FLAG)) return decoded;
  return `${decoded}${decoded.endsWith('&') ? '' : '&'}${URIDECODED_FLAG}`;
}
