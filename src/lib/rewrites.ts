import { failsValidation } from './routes.ts';

/**
 * Routes with a parameter are built once as a shell page and served for every matching address with
 * status 200 (the island reads the parameter from the address). The local server and netlify.toml's
 * 200-rewrites both follow this table; a test proves they agree.
 */
export type Rewrite = {
  from: string;
  to: string;
  /** Netlify's `from` when the pattern is not a whole segment (Netlify matches :name segments and a trailing splat only). */
  netlifyFrom?: string;
};

/** `from` uses `*` for one path segment; `to` is a file in dist/. */
export const REWRITES: readonly Rewrite[] = [
  { from: '/404/', to: '/404.html' },
  { from: '/fines/*/', to: '/fines/fine/index.html' },
  { from: '/fines/info/*/', to: '/fines/info/index.html' },
  { from: '/fines/document/*/', to: '/fines/document/index.html' },
  { from: '/webview/cashback/form-*/', to: '/webview/cashback/form/index.html', netlifyFrom: '/webview/cashback/*' },
  { from: '/reset/*/', to: '/reset/index.html' },
  { from: '/invoice/*/', to: '/invoice/index.html' },
];

const toRe = (from: string) => new RegExp(`^${from.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]+')}$`);
const compiled = REWRITES.map((r) => ({ ...r, re: toRe(r.from) }));

/** What to serve for a path that has no file of its own. */
export type RewriteDecision = { kind: 'file'; file: string } | { kind: 'invalid' } | { kind: 'none' };

/** Finds the shell page for a path, or says that the path's route rejects its parameters. */
export function rewriteFor(path: string): RewriteDecision {
  const hit = compiled.find((r) => r.re.test(path));
  if (!hit) return failsValidation(path) ? { kind: 'invalid' } : { kind: 'none' };
  return failsValidation(path) ? { kind: 'invalid' } : { kind: 'file', file: hit.to };
}
