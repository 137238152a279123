import { createHash } from 'node:crypto';

/** The CSP source of an inline script's or style's text, as browsers compute it (without the quotes): `sha256-…`. */
export function cspHash(text: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(text).digest('base64')}`;
}
