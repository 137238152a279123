import { readFileSync } from 'node:fs';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { REWRITES } from '../../src/lib/rewrites.ts';
import { CREDENTIAL_PAGE_REFERRER_POLICY, IMMUTABLE_ASSET_CACHE, SECURITY_HEADERS } from '../../src/lib/securityHeaders.ts';
import { ADDRESS_CREDENTIAL_PREFIXES } from '../../src/lib/addressCredentials.ts';

type Toml = {
  build: { publish: string; edge_functions: string };
  headers: { for: string; values: Record<string, string> }[];
  redirects: { from: string; to: string; status: number }[];
};
const toml = parse(readFileSync(new URL('../../netlify.toml', import.meta.url), 'utf8')) as unknown as Toml;

describe('netlify.toml matches the local server', () => {
  it('publishes dist/ and runs the edge functions folder', () => {
    expect(toml.build.publish).toBe('dist');
    expect(toml.build.edge_functions).toBe('functions');
  });

  it('sends the same security headers on every path', () => {
    expect(toml.headers.find((h) => h.for === '/*')?.values).toEqual(SECURITY_HEADERS);
  });

  it('sends no Referer from every page that takes credentials in its address (issue 14)', () => {
    const noReferrer = toml.headers.filter((h) => h.values['Referrer-Policy'] === CREDENTIAL_PAGE_REFERRER_POLICY).map((h) => h.for);
    expect(noReferrer.sort()).toEqual(ADDRESS_CREDENTIAL_PREFIXES.map((prefix) => `${prefix}*`).sort());
  });

  it('caches build assets for a year, immutable', () => {
    expect(toml.headers.find((h) => h.for === '/_astro/*')?.values).toEqual({ 'Cache-Control': IMMUTABLE_ASSET_CACHE });
  });

  it('has exactly the shell rewrites of src/lib/rewrites.ts, as 200s', () => {
    const netlify = toml.redirects.map((r) => ({ from: r.from.replace(/\/:[a-z]+/gi, '/*'), to: r.to, status: r.status }));
    expect(netlify).toEqual(REWRITES.map((r) => ({ from: r.netlifyFrom ?? r.from, to: r.to, status: 200 })));
  });
});
