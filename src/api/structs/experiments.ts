import { array, object, optional, pattern, size, string, type } from 'superstruct';
import type { Infer } from 'superstruct';

/** `GET /v1/exps/` query (spec §7): client_id, url, i, client_features. */
export const ExperimentsQuery = object({
  client_id: pattern(string(), /^[A-Za-z0-9._-]{1,64}$/),
  url: optional(size(string(), 0, 2000)),
  i: optional(size(string(), 0, 64)),
  client_features: optional(size(string(), 0, 500)),
});

/** One A/B flag: the experiment's name and the visitor's variant (spec §3). */
export const Flag = type({ n: string(), v: string() });
/** One A/B flag. */
export type Flag = Infer<typeof Flag>;

/** `GET /v1/exps/` reply: the flags, `[{ n: 'mvar', v: '0' }]` when no experiment runs (spec §9). */
export const FlagsReply = array(Flag);

/** The default answer (spec §3, §9). */
export const DEFAULT_FLAGS: readonly Flag[] = Object.freeze([{ n: 'mvar', v: '0' }]);

