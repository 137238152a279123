import { hash, verify } from '@node-rs/argon2';
import type { Algorithm } from '@node-rs/argon2';

/** Algorithm.Argon2id (a const enum the type stripping cannot read). */
const ARGON2ID = 2 as Algorithm.Argon2id;

/**
 * Argon2id cost: 64 MiB, 3 passes, one lane. On this project's 2-core reference machine one hash
 * takes about 60–100 ms of CPU (npm run bench:auth prints it): slow for someone guessing, quick
 * for a person signing in; above the OWASP minimum (19 MiB, t=2). Stored in the PHC string, so
 * raising it later re-hashes on the next sign-in (needsRehash).
 */
export const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 65_536, timeCost: 3, parallelism: 1 } as const;

/** The PHC string of a password (argon2id, random salt). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** A hash of a password nobody knows: checking against it costs what a real check costs. */
let decoy: Promise<string> | undefined;

/**
 * Whether `password` matches `stored`. With no stored hash (no such account, or no password yet) it
 * checks against a decoy and answers false, so the answer takes the same time either way.
 */
export async function checkPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (stored === null || stored === undefined) {
    decoy ??= hashPassword(`decoy-${Math.random()}`);
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** Whether a stored hash was made with weaker settings than today's. */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(`$argon2id$v=19$m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost},p=${ARGON2_OPTIONS.parallelism}$`);
}
