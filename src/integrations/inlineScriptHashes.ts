import { HEADER_ACCOUNT_SCRIPT } from '../islands/header/headerAccountScript.ts';
import { FAQ_SEARCH_REVEAL_SCRIPT } from '../islands/faq/faqSearch.ts';
import { EARLY_PAGES, earlyRequestsScript } from '../api/earlyRequestsScript.ts';
import { AFTER_FIRST_PAINT_LOADER } from '../lib/afterFirstPaint.ts';
import { cspHash } from './cspHash.ts';

/** CSP hashes of the site's own inline scripts (Astro hashes the scripts it bundles, not `is:inline` ones), for an API at `apiBase`. */
export function inlineScriptHashes(apiBase: string): `sha256-${string}`[] {
  return [HEADER_ACCOUNT_SCRIPT, FAQ_SEARCH_REVEAL_SCRIPT, ...EARLY_PAGES.map((page) => earlyRequestsScript(apiBase, page)), AFTER_FIRST_PAINT_LOADER].map(cspHash);
}
