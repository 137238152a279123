import type { ClientDirective } from 'astro';
import { AFTER_FIRST_PAINT_FALLBACK_MS, AFTER_PAINT_STYLES_EVENT, AFTER_PAINT_STYLES_READY } from '../lib/afterFirstPaint.ts';

/** Resolves once the page is read and the style sheets its after-paint loader adds have loaded (at once on a page without that loader). */
async function stylesReady(): Promise<void> {
  if (document.readyState === 'loading') await new Promise((done) => document.addEventListener('DOMContentLoaded', done, { once: true }));
  if (document.querySelector('script[data-styles]') === null || (window as unknown as Record<string, unknown>)[AFTER_PAINT_STYLES_READY] === true) return;
  await new Promise((done) => window.addEventListener(AFTER_PAINT_STYLES_EVENT, done, { once: true }));
}

/**
 * `client:painted`: like client:load, but the island's code starts loading after the page's first
 * frame is painted (or after AFTER_FIRST_PAINT_FALLBACK_MS in a tab that paints none), so it does not
 * compete with a static first screen (src/lib/afterFirstPaint.ts); it hydrates once the page's
 * after-paint style sheet has loaded, so what it draws is never unstyled.
 */
const painted: ClientDirective = (load) => {
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    const [hydrate] = await Promise.all([load(), stylesReady()]);
    await hydrate();
  };
  requestAnimationFrame(() => setTimeout(() => void start(), 0));
  setTimeout(() => void start(), AFTER_FIRST_PAINT_FALLBACK_MS);
};

export default painted;

declare global {
  namespace Astro {
    /** client:painted on an island in an .astro page (registered by src/integrations/clientDirectives.ts). */
    interface ClientDirectives {
      'client:painted'?: boolean;
    }
  }
}
