import { formatPhone, russianMobile } from '../../../src/lib/mobilePhone.ts';
import type { Session, TestApi } from '../helpers/testApi.ts';

/** The limits off: each limit gets its own test with the real numbers. */
export const NO_PHONE_LIMITS = {
  codesPerPhone: { limit: 0, windowMs: 1 },
  codesPerAddress: { limit: 0, windowMs: 1 },
  resendPerPhone: { limit: 0, windowMs: 1 },
};

/** The code of the newest SMS the sandbox kept for the number (as /dev/mail/ shows it). */
export async function lastCode(api: TestApi, phone: string): Promise<string> {
  const row = await api.deps.db.selectFrom('mail_outbox').select('text_body').where('to_address', '=', formatPhone(russianMobile(phone) ?? phone)).orderBy('id', 'desc').executeTakeFirst();
  const code = /\b(\d{6})\b/.exec(row?.text_body ?? '')?.[1];
  if (code === undefined) throw new Error(`no SMS for ${phone}`);
  return code;
}

/** Asks for a code (sign-in, or `link` with a session). */
export function askCode(api: TestApi, phone: string, options: { purpose?: 'login' | 'link'; session?: Session; headers?: Record<string, string> } = {}) {
  return api.request('POST', '/105/api/phone/code', {
    form: { phone, ...(options.purpose === undefined ? {} : { purpose: options.purpose }) },
    ...(options.session === undefined ? {} : { session: options.session }),
    ...(options.headers === undefined ? {} : { headers: options.headers }),
  });
}

/** Signs in with a code (from `device`, whose anonymous data joins the account). */
export function loginByCode(api: TestApi, phone: string, code: string, device?: Session, extra: Record<string, string> = {}) {
  return api.request('POST', '/105/api/phone/login', { form: { phone, code, ...extra }, ...(device === undefined ? {} : { session: device }) });
}

/** Asks for a code and signs in with it: the account's session. */
export async function signInByPhone(api: TestApi, phone: string, device?: Session): Promise<Session> {
  const asked = await askCode(api, phone);
  if (asked.status !== 200) throw new Error(`code failed: ${JSON.stringify(asked.body)}`);
  const reply = await loginByCode(api, phone, await lastCode(api, phone), device);
  if (reply.status !== 200) throw new Error(`phone login failed: ${JSON.stringify(reply.body)}`);
  return reply.body.response as Session;
}
