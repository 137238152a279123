// The Content-Security-Policy every page is sent with (issue 17 item 10). Astro writes each page's
// policy, with the hashes of that page's scripts and styles, into a meta tag; a meta tag cannot carry
// frame-ancestors or report-to, and a header is what a browser honours first, so the local server and
// the CDN send the same policy as a header with those directives added.

/** Where browsers send CSP violation reports (an API call of ours that stores them). */
export const CSP_REPORT_PATH = '/105/api/csp-report';

/** The name the policy's report-to directive refers to (Reporting-Endpoints header). */
export const CSP_REPORT_GROUP = 'csp';

/** The policy inside a built page's `<meta http-equiv="content-security-policy">`, entities decoded; undefined without one. */
export function metaCspOf(html: string): string | undefined {
  const tag = /<meta\s+[^>]*http-equiv=["']?content-security-policy["']?[^>]*>/i.exec(html)?.[0];
  const content = tag === undefined ? undefined : /\scontent=("([^"]*)"|'([^']*)')/i.exec(tag);
  const raw = content?.[2] ?? content?.[3];
  if (raw === undefined) return undefined;
  return raw.replace(/&#39;|&#x27;|&apos;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/**
 * The headers a page is sent with: its own policy plus what only a header can say (no framing, where
 * to report), and the reporting endpoint. `reportUrl` is absolute when the API is on another origin.
 */
export function pageCspHeaders(metaPolicy: string, reportUrl: string): Record<string, string> {
  const policy = metaPolicy.trim().replace(/;\s*$/, '');
  return {
    'Content-Security-Policy': `${policy}; frame-ancestors 'none'; report-uri ${reportUrl}; report-to ${CSP_REPORT_GROUP}`,
    'Reporting-Endpoints': `${CSP_REPORT_GROUP}="${reportUrl}"`,
  };
}

/** The report URL for a site whose API is at `apiBase` ('' or undefined: the same origin). */
export function cspReportUrl(apiBase: string | undefined): string {
  return apiBase ? `${new URL(apiBase).origin}${CSP_REPORT_PATH}` : CSP_REPORT_PATH;
}

/** The union of two policies, directive by directive (for one header rule that covers several pages). */
export function mergePolicies(a: string, b: string): string {
  const directives = new Map<string, Set<string>>();
  for (const policy of [a, b]) {
    for (const part of policy.split(';')) {
      const [name, ...sources] = part.trim().split(/\s+/);
      if (!name) continue;
      const set = directives.get(name) ?? new Set<string>();
      for (const source of sources) set.add(source);
      directives.set(name, set);
    }
  }
  return [...directives].map(([name, sources]) => [name, ...sources].join(' ')).join('; ');
}
