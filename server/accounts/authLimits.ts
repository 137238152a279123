import type { LimitRule } from '../http/rateLimit.ts';

/** Every limit of the account calls: per client address and per e-mail (issue 10). */
export type AuthLimits = {
  /** Sign-in attempts (password or link) per address. */
  loginPerAddress: LimitRule;
  /** Password attempts per e-mail: slows guessing one account from many addresses. */
  loginPerEmail: LimitRule;
  /** Mails with links (register, sign-in, reset, new address) per address. */
  mailPerAddress: LimitRule;
  /** The same per recipient, so nobody's inbox can be flooded. */
  mailPerEmail: LimitRule;
  /** `fos/exists` per address and per e-mail asked about. */
  existsPerAddress: LimitRule;
  existsPerEmail: LimitRule;
  /** Password changes and resets (each checks a password or a token) per user or address. */
  passwordPerSubject: LimitRule;
};

const MINUTE = 60_000;

/** The production limits. */
export const AUTH_LIMITS: AuthLimits = {
  loginPerAddress: { limit: 30, windowMs: 10 * MINUTE },
  loginPerEmail: { limit: 10, windowMs: 15 * MINUTE },
  mailPerAddress: { limit: 20, windowMs: 60 * MINUTE },
  mailPerEmail: { limit: 5, windowMs: 60 * MINUTE },
  existsPerAddress: { limit: 30, windowMs: MINUTE },
  existsPerEmail: { limit: 10, windowMs: MINUTE },
  passwordPerSubject: { limit: 10, windowMs: 15 * MINUTE },
};
