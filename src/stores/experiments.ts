import { computed, map, onMount } from 'nanostores';
import { fetchFlags } from '../api/experiments.ts';
import { DEFAULT_FLAGS } from '../api/structs/experiments.ts';
import type { Flag } from '../api/structs/experiments.ts';
import { $authRecord } from './authData.ts';
import { trackingIdOf } from './tracking/sender.ts';

/** The page's A/B flags: the default (mvar=0) until the service answers, and whenever it cannot. */
export const $flags = map<{ loaded: boolean; list: readonly Flag[] }>({ loaded: false, list: DEFAULT_FLAGS });

/** Flags by name, for `$flagValues.get()['payButton']`. */
export const $flagValues = computed($flags, ({ list }) => Object.fromEntries(list.map((flag) => [flag.n, flag.v])) as Record<string, string>);

/** The variant of one experiment, or `fallback` when the visitor is not in it. */
export function flagValue(name: string, fallback = ''): string {
  return $flagValues.get()[name] ?? fallback;
}

/**
 * Asks the experiments service once per page. The visitor is their clientId (authData) or, before
 * they have one, their tracking id, so the variant stays the same across pages and visits.
 */
export async function loadFlags(pageUrl: string, trackingId: string): Promise<void> {
  if ($flags.get().loaded) return;
  const clientId = $authRecord.get().clientId || trackingId;
  try {
    $flags.set({ loaded: true, list: await fetchFlags(clientId, pageUrl) });
  } catch {
    // An experiment is never worth a broken page: the default flags stay.
    $flags.set({ loaded: true, list: DEFAULT_FLAGS });
  }
}

// Only pages with something that reads the flags ask the service: the first subscriber starts the load.
onMount($flags, () => {
  if (typeof window === 'undefined') return;
  try {
    void loadFlags(window.location.pathname, trackingIdOf({ storage: window.localStorage, newId: () => crypto.randomUUID() }));
  } catch {
    $flags.set({ loaded: true, list: DEFAULT_FLAGS }); // storage blocked: the default flags
  }
});
