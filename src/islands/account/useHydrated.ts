import { useEffect, useState } from 'react';

/**
 * False in the page's static HTML and until the island has hydrated, then true. Forms that cannot
 * work without JavaScript (sign-in, passwords) render only then: their static HTML would carry
 * React's camel-cased attributes (noValidate, autoComplete), which are not valid HTML.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
