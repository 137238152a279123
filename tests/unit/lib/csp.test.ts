import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cspReportUrl, mergePolicies, metaCspOf, pageCspHeaders } from '../../../src/lib/csp.ts';
import { netlifyCspHeaders } from '../../../src/integrations/cspHeaders.ts';

const page = (policy: string) => `<html><head><meta http-equiv="content-security-policy" content="${policy.replace(/'/g, '&#39;')}"></head><body></body></html>`;

describe('page CSP as a header (issue 17 item 10)', () => {
  it('reads the meta policy with its entities decoded', () => {
    expect(metaCspOf(page("script-src 'self' 'sha256-abc='"))).toBe("script-src 'self' 'sha256-abc='");
    expect(metaCspOf('<html><head></head></html>')).toBeUndefined();
  });

  it('adds what only a header can carry: no framing and where to report', () => {
    expect(pageCspHeaders("default-src 'self';", '/105/api/csp-report')).toEqual({
      'Content-Security-Policy': "default-src 'self'; frame-ancestors 'none'; report-uri /105/api/csp-report; report-to csp",
      'Reporting-Endpoints': 'csp="/105/api/csp-report"',
    });
    expect(cspReportUrl('https://api.shtrafy.example.ru/base')).toBe('https://api.shtrafy.example.ru/105/api/csp-report');
    expect(cspReportUrl('')).toBe('/105/api/csp-report');
  });

  it('merges two policies directive by directive', () => {
    expect(mergePolicies("script-src 'self' 'sha256-a'; img-src 'self'", "script-src 'self' 'sha256-b'; font-src 'self'")).toBe("script-src 'self' 'sha256-a' 'sha256-b'; img-src 'self'; font-src 'self'");
  });

  it('writes one Netlify rule per page, and folds pages a rewrite pattern also matches into that rewrite rule', () => {
    const dist = mkdtempSync(join(tmpdir(), 'csp-dist-'));
    const write = (file: string, html: string) => {
      mkdirSync(join(dist, file, '..'), { recursive: true });
      writeFileSync(join(dist, file), html);
    };
    write('index.html', page("script-src 'self' 'sha256-home'"));
    write('about/index.html', page("script-src 'self' 'sha256-about'"));
    write('fines/fine/index.html', page("script-src 'self' 'sha256-shell'"));
    write('fines/info/index.html', page("script-src 'self' 'sha256-info'"));
    const text = netlifyCspHeaders(dist, undefined);
    expect(text).toContain("/\n  Content-Security-Policy: script-src 'self' 'sha256-home'; frame-ancestors 'none'");
    expect(text).toContain("/about/\n  Content-Security-Policy: script-src 'self' 'sha256-about'");
    // /fines/fine/ and /fines/info/ match /fines/*/: Netlify would apply both rules, so they join it.
    expect(text).not.toMatch(/^\/fines\/fine\/$/m);
    expect(text).toMatch(/^\/fines\/:param\/\n {2}Content-Security-Policy: script-src 'self' 'sha256-shell' 'sha256-info'/m);
  });
});
