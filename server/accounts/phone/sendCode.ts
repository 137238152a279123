import type { Context } from 'hono';
import { maskPhone } from '../../../src/lib/mobilePhone.ts';
import type { AppDeps } from '../../appDeps.ts';
import { ApiError } from '../../http/apiError.ts';
import type { AppEnv } from '../../http/appEnv.ts';
import { addressSubject, clientAddress, enforceLimit, hashedSubject } from '../../http/rateLimit.ts';
import { issueCode } from './phoneCodes.ts';
import type { CodePurpose } from './phoneCodes.ts';
import { CODE_LIFETIME_MS } from './phoneSettings.ts';
import type { PhoneSettings } from './phoneSettings.ts';
import { takeSmsBudget } from './smsBudget.ts';
import { codeText } from './smsGateway.ts';

/** Where a code went (masked), how long it lives, and when another may be asked for. */
export type CodeSent = { phone: string; expiresInSec: number; resendAfterSec: number };

/**
 * Sends a code by SMS under every limit of issue 29, whatever it is for (signing in, linking, erasure):
 * the wait between two codes of one form, 10 per address an hour, 3 per number in 15 minutes (all
 * purposes together), and the service's daily SMS budget.
 */
export async function sendPhoneCode(
  c: Context<AppEnv>,
  deps: Pick<AppDeps, 'db' | 'clock' | 'limiter' | 'trustProxy' | 'onUnexpectedError'>,
  settings: Required<PhoneSettings>,
  request: { phone: string; purpose: CodePurpose; userId: number | null },
): Promise<CodeSent> {
  const sms = settings.sms;
  if (sms === 'off') throw new ApiError(503, 'Вход по номеру телефона пока недоступен. Войдите по e-mail');
  const { phone, purpose } = request;
  // The wait between two codes of one form first: a refused resend takes nothing from the other limits.
  await enforceLimit(c, deps.limiter, `smsResend:${purpose}`, hashedSubject(phone), settings.limits.resendPerPhone);
  await enforceLimit(c, deps.limiter, 'smsAddress', addressSubject(clientAddress(c, deps.trustProxy)), settings.limits.codesPerAddress);
  await enforceLimit(c, deps.limiter, 'smsPhone', hashedSubject(phone), settings.limits.codesPerPhone);
  const now = deps.clock();
  if (!(await takeSmsBudget(deps.db, now, settings.dailyBudget))) {
    throw new ApiError(503, 'Сегодня мы больше не можем отправлять SMS. Войдите по e-mail или попробуйте завтра');
  }
  const code = await issueCode(deps.db, request, now);
  await sms.send(phone, codeText(code, purpose)).catch((error: unknown) => {
    deps.onUnexpectedError?.(error);
    throw new ApiError(503, 'Не удалось отправить SMS. Попробуйте через несколько минут или войдите по e-mail');
  });
  const resend = settings.limits.resendPerPhone;
  const resendAfterSec = resend.limit <= 0 ? 0 : Math.ceil(resend.windowMs / resend.limit / 1000);
  return { phone: maskPhone(phone), expiresInSec: CODE_LIFETIME_MS / 1000, resendAfterSec };
}
