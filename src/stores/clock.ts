import { atom, onMount } from 'nanostores';

/** How often the clock ticks while something shows relative time. */
export const CLOCK_TICK_MS = 15_000;

/** The current time in ms, ticking while anything listens (for 'только что' and similar labels). */
export const $now = atom(Date.now());

onMount($now, () => {
  $now.set(Date.now());
  const timer = setInterval(() => $now.set(Date.now()), CLOCK_TICK_MS);
  return () => clearInterval(timer);
});

/** Moves the clock to now (after something was just updated). */
export function tick(): void {
  $now.set(Date.now());
}
