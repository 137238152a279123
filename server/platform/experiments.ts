import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Flag } from '../../src/api/structs/experiments.ts';
import type { Database } from '../db/schema.ts';

/** A variant and its relative weight (0 turns it off). */
export type Variant = { value: string; weight: number };

/** An experiment as the store keeps it. */
export type Experiment = { name: string; variants: Variant[]; urlPattern: string; startsAt: Date; endsAt: Date | null };

/**
 * A point in [0, 1) for a client and an experiment: the first 48 bits of SHA-256(name, client id).
 * The same on every request and every process; independent between experiments (the name is hashed in).
 */
export function bucketOf(clientId: string, experiment: string): number {
  const digest = createHash('sha256').update(`${experiment}\u0000${clientId}`).digest();
  return digest.readUIntBE(0, 6) / 2 ** 48;
}

/** The client's variant: the bucket falls into one variant's share of the total weight. */
export function variantFor(clientId: string, experiment: string, variants: readonly Variant[]): string | undefined {
  const total = variants.reduce((sum, v) => sum + Math.max(0, v.weight), 0);
  if (total <= 0) return undefined;
  let point = bucketOf(clientId, experiment) * total;
  for (const variant of variants) {
    const weight = Math.max(0, variant.weight);
    if (point < weight) return variant.value;
    point -= weight;
  }
  return variants.findLast((v) => v.weight > 0)?.value;
}

/** Whether a page path matches an experiment's pattern: `*` any run of characters, anything else literally; `*` alone is every page. */
export function urlMatches(pattern: string, path: string): boolean {
  const source = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*');
  return new RegExp(`^${source}$`).test(path);
}

/** The path of the `url` parameter (a full address or a path); '/' when absent or unreadable. */
export function pathOf(url: string | undefined): string {
  if (url === undefined || url === '') return '/';
  try {
    return new URL(url, 'https://x.invalid').pathname;
  } catch {
    return '/';
  }
}

/** Experiments running at `now`. */
export async function runningExperiments(db: Kysely<Database>, now: Date): Promise<Experiment[]> {
  const rows = await db
    .selectFrom('experiments')
    .selectAll()
    .where('starts_at', '<=', now)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .orderBy('name')
    .execute();
  return rows.map((row) => ({ name: row.name, variants: toVariants(row.variants), urlPattern: row.url_pattern, startsAt: row.starts_at, endsAt: row.ends_at }));
}

/** Variants from the stored JSON; malformed entries are skipped. */
function toVariants(value: unknown): Variant[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    const v = item as { value?: unknown; weight?: unknown };
    return typeof v.value === 'string' && typeof v.weight === 'number' && Number.isFinite(v.weight) ? [{ value: v.value, weight: v.weight }] : [];
  });
}

/** The flags of a client on a page: one per running experiment whose pattern matches. */
export function flagsFor(experiments: readonly Experiment[], clientId: string, path: string): Flag[] {
  const flags: Flag[] = [];
  for (const experiment of experiments) {
    if (!urlMatches(experiment.urlPattern, path)) continue;
    const value = variantFor(clientId, experiment.name, experiment.variants);
    if (value !== undefined) flags.push({ n: experiment.name, v: value });
  }
  return flags;
}

/** Adds or replaces an experiment (the team's tool and tests; names are unique). */
export async function saveExperiment(db: Kysely<Database>, experiment: Experiment): Promise<void> {
  const values = { name: experiment.name, variants: JSON.stringify(experiment.variants), url_pattern: experiment.urlPattern, starts_at: experiment.startsAt, ends_at: experiment.endsAt };
  await db
    .insertInto('experiments')
    .values(values)
    .onConflict((oc) => oc.column('name').doUpdateSet({ variants: sql`excluded.variants`, url_pattern: sql`excluded.url_pattern`, starts_at: sql`excluded.starts_at`, ends_at: sql`excluded.ends_at` }))
    .execute();
}
