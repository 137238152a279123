import { apiBaseFrom } from '../lib/siteConfig.ts';

/**
 * PUBLIC_API_BASE as the build wrote it: the bundler replaces this very expression with the value
 * (reading the whole env object instead put every PUBLIC_* setting into the code of each page);
 * outside a bundler (Node) there is no import.meta.env and the site's own origin is meant.
 */
function builtApiBase(): string | undefined {
  try {
    return import.meta.env.PUBLIC_API_BASE as string | undefined;
  } catch {
    return undefined;
  }
}

/** The API's origin for the browser: '' (the site's own) unless PUBLIC_API_BASE names another. */
export const API_BASE = apiBaseFrom(builtApiBase());
