import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { LimitRule } from '../../http/rateLimit.ts';
import type { SmsGateway } from './smsGateway.ts';
import { createSandboxSms } from './smsSandbox.ts';

const MINUTE = 60_000;

/** The limits of codes by SMS, counted in the shared rate-limit table (every process sees the same). */
export type PhoneLimits = {
  /** Codes per number: 3 in 15 minutes. */
  codesPerPhone: LimitRule;
  /** Codes per client address: 10 an hour. */
  codesPerAddress: LimitRule;
  /** The wait between two codes to one number for the same purpose, shown to the person as a countdown. */
  resendPerPhone: LimitRule;
};

/** The production limits of issue 29. */
export const PHONE_LIMITS: PhoneLimits = {
  codesPerPhone: { limit: 3, windowMs: 15 * MINUTE },
  codesPerAddress: { limit: 10, windowMs: 60 * MINUTE },
  resendPerPhone: { limit: 1, windowMs: MINUTE },
};

/** A code lives 5 minutes and takes 5 tries. */
export const CODE_LIFETIME_MS = 5 * MINUTE;
/** Tries of one code, the right one included. */
export const CODE_TRIES = 5;

/** Everything the phone sign-in needs: the SMS service, the service-wide daily budget, the limits. */
export type PhoneSettings = {
  /** The SMS service; 'off': phone sign-in is not offered (production without one); unset: the sandbox over the app's own database (tests). */
  sms?: SmsGateway | 'off';
  /** SMS the whole service may send on one Moscow day (SMS_DAILY_BUDGET); 0 sends none. */
  dailyBudget?: number;
  limits?: PhoneLimits;
};

/** SMS a day when SMS_DAILY_BUDGET is unset. */
export const DEFAULT_SMS_DAILY_BUDGET = 1000;

/** The settings with every part filled: the sandbox when no SMS service is given, the default budget and limits. */
export function resolvePhoneSettings(db: Kysely<Database>, clock: () => Date, given: PhoneSettings | undefined): Required<PhoneSettings> {
  return { sms: given?.sms ?? createSandboxSms({ db, clock }), dailyBudget: given?.dailyBudget ?? DEFAULT_SMS_DAILY_BUDGET, limits: given?.limits ?? PHONE_LIMITS };
}
