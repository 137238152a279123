import { object, pattern, string } from 'superstruct';
import { UserId } from './fields.ts';
import type { Infer } from 'superstruct';

/** Header names that carry credentials (the web client sends these, so tokens stay out of URLs). */
export const CREDENTIAL_HEADERS = { session: 'X-Session', rand: 'X-Rand', userId: 'X-User-Id' } as const;

/** Session params (spec §3): as query parameters `session`, `rand`, `userId`, or the headers above. */
export const Credentials = object({
  session: pattern(string(), /^[0-9a-f]{64}$/),
  rand: pattern(string(), /^[0-9a-f]{32}$/),
  userId: UserId,
});

/** Session params as sent. */
export type Credentials = Infer<typeof Credentials>;
