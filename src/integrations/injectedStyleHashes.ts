import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cspHash } from './cspHash.ts';

/**
 * CSP hashes of the style sheets libraries insert at run time as <style> elements (sonner inserts its
 * toast styles once), so style-src needs no 'unsafe-inline'. Read from the installed package, so an
 * upgrade that changes the styles changes the hash with it. sonner appends the element empty and
 * fills it after, so the empty sheet's hash is allowed too (an empty sheet styles nothing).
 */
export function injectedStyleHashes(): `sha256-${string}`[] {
  const require = createRequire(import.meta.url);
  const source = readFileSync(require.resolve('sonner').replace(/index\.js$/, 'index.mjs'), 'utf8');
  const literal = /__insertCSS\((".*?[^\\]")\)/s.exec(source)?.[1];
  if (literal === undefined) throw new Error('sonner no longer inserts its styles with __insertCSS: update src/integrations/injectedStyleHashes.ts');
  const css = JSON.parse(literal) as string;
  return [cspHash(css), cspHash('')];
}
