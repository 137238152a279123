import type { Kysely } from 'kysely';
import { loggedPath } from '../../src/lib/logPath.ts';
import type { Database } from '../db/schema.ts';

/** One violation as we keep it: where (a route pattern), what directive, what was blocked (an origin or a keyword). */
export type CspViolation = { page: string; directive: string; blocked: string; sourceFile: string | null; line: number | null; disposition: string };

/** At most this many violations are read from one report request. */
const MAX_PER_REQUEST = 20;

const text = (value: unknown, max: number): string | undefined => (typeof value === 'string' && value.length > 0 ? value.slice(0, max) : undefined);

/** A page address as a route pattern: the path of one of our pages may hold a share hash or a token, the query a session. */
function pageOf(value: unknown): string | undefined {
  const raw = text(value, 2_000);
  if (raw === undefined) return undefined;
  try {
    return loggedPath(new URL(raw).pathname);
  } catch {
    return undefined;
  }
}

/** A blocked resource as its origin ('https://evil.example'), or the browser's keyword ('inline', 'eval', 'data'). */
function blockedOf(value: unknown): string {
  const raw = text(value, 2_000) ?? 'inline';
  try {
    const url = new URL(raw);
    return url.origin === 'null' ? `${url.protocol}` : url.origin;
  } catch {
    return /^[a-z-]{1,30}$/i.test(raw) ? raw : 'other';
  }
}

/** A script file as its origin and path without a query. */
function sourceOf(value: unknown): string | null {
  const raw = text(value, 2_000);
  if (raw === undefined) return null;
  try {
    const url = new URL(raw);
    return `${url.origin}${url.pathname.startsWith('/_astro/') ? url.pathname : loggedPath(url.pathname)}`.slice(0, 300);
  } catch {
    return null;
  }
}

/** One violation from either report format's fields; undefined when it names no page or directive. */
function violation(fields: Record<string, unknown>, names: { page: string; directive: string; fallbackDirective?: string; blocked: string; source: string; line: string }): CspViolation | undefined {
  const page = pageOf(fields[names.page]);
  const directive = text(fields[names.directive], 60) ?? (names.fallbackDirective === undefined ? undefined : text(fields[names.fallbackDirective], 60));
  if (page === undefined || directive === undefined || !/^[a-z-]+( .*)?$/.test(directive)) return undefined;
  const line = fields[names.line];
  return {
    page,
    directive: directive.split(' ')[0] ?? directive,
    blocked: blockedOf(fields[names.blocked]),
    sourceFile: sourceOf(fields[names.source]),
    line: typeof line === 'number' && Number.isInteger(line) && line >= 0 && line < 10_000_000 ? line : null,
    disposition: fields['disposition'] === 'report' ? 'report' : 'enforce',
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The violations in a report body: the CSP2 `application/csp-report` object ({"csp-report": {...}}) or
 * the Reporting API's `application/reports+json` list ([{type: "csp-violation", body: {...}}]). Answers
 * an empty list for anything else.
 */
export function parseCspReport(body: unknown): CspViolation[] {
  if (isRecord(body) && isRecord(body['csp-report'])) {
    const found = violation(body['csp-report'], { page: 'document-uri', directive: 'effective-directive', fallbackDirective: 'violated-directive', blocked: 'blocked-uri', source: 'source-file', line: 'line-number' });
    return found === undefined ? [] : [found];
  }
  if (!Array.isArray(body)) return [];
  const out: CspViolation[] = [];
  for (const report of body.slice(0, MAX_PER_REQUEST)) {
    if (!isRecord(report) || report['type'] !== 'csp-violation' || !isRecord(report['body'])) continue;
    const found = violation(report['body'], { page: 'documentURL', directive: 'effectiveDirective', blocked: 'blockedURL', source: 'sourceFile', line: 'lineNumber' });
    if (found !== undefined) out.push(found);
  }
  return out;
}

/** Stores violations. */
export async function storeCspViolations(db: Kysely<Database>, violations: readonly CspViolation[], now: Date): Promise<void> {
  if (violations.length === 0) return;
  await db
    .insertInto('csp_reports')
    .values(violations.map((v) => ({ received_at: now, page: v.page, directive: v.directive, blocked: v.blocked, source_file: v.sourceFile, line: v.line, disposition: v.disposition })))
    .execute();
}
