import { readFile } from 'node:fs/promises';
import { CSP_REPORT_PATH, metaCspOf, pageCspHeaders } from '../../src/lib/csp.ts';
import type { StaticFile } from './staticFiles.ts';

/** The CSP headers of built pages, read from each page's meta tag once per file version. */
export type PageCsp = {
  /** Headers for a served file (none for files that are not pages or have no policy). */
  forFile(file: StaticFile): Promise<Record<string, string> | undefined>;
  /** Headers for a page built in memory (the 404 page with its path filled in). */
  forHtml(html: string): Record<string, string> | undefined;
};

/** Sends every page's own policy as a header, with frame-ancestors and reporting to our endpoint (issue 17 item 10). */
export function createPageCsp(reportUrl: string = CSP_REPORT_PATH): PageCsp {
  const cache = new Map<string, { mtimeMs: number; headers: Record<string, string> | undefined }>();
  const forHtml = (html: string) => {
    const policy = metaCspOf(html);
    return policy === undefined ? undefined : pageCspHeaders(policy, reportUrl);
  };
  return {
    forHtml,
    async forFile(file) {
      if (!file.path.endsWith('.html')) return undefined;
      const cached = cache.get(file.path);
      if (cached !== undefined && cached.mtimeMs === file.mtimeMs) return cached.headers;
      const headers = forHtml(await readFile(file.path, 'utf8'));
      cache.set(file.path, { mtimeMs: file.mtimeMs, headers });
      return headers;
    },
  };
}
