import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { cspReportUrl, mergePolicies, metaCspOf, pageCspHeaders } from '../lib/csp.ts';
import { REWRITES } from '../lib/rewrites.ts';
import { htmlFiles } from './htmlFiles.ts';
import { injectedStyleHashes } from './injectedStyleHashes.ts';
import { trimPageCsps } from './pageCspTrim.ts';

/** The address a built file answers ('about/index.html' → '/about/', '404.html' → '/404.html'). */
function addressOf(file: string): string {
  return file === 'index.html' ? '/' : file.endsWith('/index.html') ? `/${file.slice(0, -'index.html'.length)}` : `/${file}`;
}

/**
 * Netlify's `_headers` rules that send each page's CSP as a header (issue 17 item 10): one rule per
 * built page, and one per shell rewrite (`/fines/:param/` answered by fines/fine/index.html). Netlify
 * applies every rule that matches, so a page that a rewrite's pattern also matches gets no rule of its
 * own: its policy joins the rewrite's. Answers the file's text.
 */
export function netlifyCspHeaders(dist: string, apiBase: string | undefined): string {
  const reportUrl = cspReportUrl(apiBase);
  // What Netlify matches: its own pattern (a trailing splat matches the rest of the path).
  const netlifyRe = (from: string) => new RegExp(`^${from.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\/\*$/, '/.*').replace(/\*/g, '[^/]+')}$`);
  const patterns = REWRITES.map((rewrite) => ({ ...rewrite, from: rewrite.netlifyFrom ?? rewrite.from, re: netlifyRe(rewrite.netlifyFrom ?? rewrite.from) }));
  const own = new Map<string, string>();
  const byRewrite = new Map<string, string>();
  const policyOf = new Map<string, string>();
  for (const file of htmlFiles(dist)) {
    const meta = metaCspOf(readFileSync(join(dist, file), 'utf8'));
    if (meta !== undefined) policyOf.set(`/${file}`, meta);
  }
  for (const rewrite of patterns) {
    const shell = policyOf.get(rewrite.to);
    if (shell !== undefined) byRewrite.set(rewrite.from, shell);
  }
  for (const [file, policy] of policyOf) {
    const address = addressOf(file.slice(1));
    const covering = patterns.find((rewrite) => rewrite.re.test(address) && byRewrite.has(rewrite.from));
    if (covering === undefined) own.set(address, policy);
    else byRewrite.set(covering.from, mergePolicies(byRewrite.get(covering.from) ?? policy, policy));
  }
  const rules: string[] = ["# Written by src/integrations/cspHeaders.ts at build time: each page's CSP as a header."];
  const rule = (path: string, policy: string) =>
    rules.push(`${path}\n${Object.entries(pageCspHeaders(policy, reportUrl)).map(([name, value]) => `  ${name}: ${value}`).join('\n')}`);
  for (const [address, policy] of own) rule(address, policy);
  for (const [from, policy] of byRewrite) rule(from.replace(/\*(?=\/)/g, ':param'), policy);
  return `${rules.join('\n\n')}\n`;
}

/** Trims each page's policy to its own hashes (src/integrations/pageCspTrim.ts), then writes dist/_headers from them. */
export function cspHeaders(apiBase: string | undefined): AstroIntegration {
  return {
    name: 'csp-headers',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const dist = fileURLToPath(dir);
        const saved = trimPageCsps(dist, injectedStyleHashes());
        logger.info(`CSP of each page trimmed to its own hashes: ${Math.round(saved / 1024)} KB less over all pages`);
        const text = netlifyCspHeaders(dist, apiBase);
        writeFileSync(join(dist, '_headers'), text);
        logger.info(`CSP headers for ${text.split('\n\n').length - 1} paths written to _headers`);
      },
    },
  };
}
