import { failsValidation, matchRoute, validationNotFoundText } from '../lib/routes.ts';
import type { FineRef } from './fineDetails.ts';

/** What a fine page's address names: a fine, or a path its route rejects, with spec §8's text. */
export type FineAddress = { kind: 'fine'; ref: FineRef } | { kind: 'invalid'; message: string };

/**
 * Reads /fines/{id}/ (or, for the shared page, /fines/info/{hash}/) with the route table's validate
 * rule; the shell page served for any such address uses it, as the server does.
 */
export function fineRefFromPath(path: string, shared: boolean): FineAddress {
  const pattern = shared ? '/fines/info/{hash}' : '/fines/{id}';
  const match = matchRoute(path);
  if (match === undefined || match.route.pattern !== pattern || failsValidation(path)) {
    return { kind: 'invalid', message: validationNotFoundText(path) };
  }
  if (shared) return { kind: 'fine', ref: { hash: match.params['hash'] ?? '' } };
  return { kind: 'fine', ref: { id: Number(match.params['id']) } };
}
