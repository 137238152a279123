import { checkNavigation } from '../lib/navigation.ts';

/** How a page is left; tests replace it to see where the site would go. */
export type Navigator = (url: string) => void;

let navigator: Navigator = (url) => window.location.assign(url);

/** Replaces how pages are left (tests); returns the previous navigator. */
export function setNavigator(next: Navigator): Navigator {
  const previous = navigator;
  navigator = next;
  return previous;
}

/** Goes to a same-site address; anything spec §8 refuses (external, script protocols) is ignored and false returned. */
export function goTo(target: string): boolean {
  const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
  const check = checkNavigation(target, origin);
  if (!check.ok) return false;
  navigator(`${check.url.pathname}${check.url.search}${check.url.hash}`);
  return true;
}
