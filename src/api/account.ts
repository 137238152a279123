import { okEnvelope } from './structs/envelope.ts';
import {
  AccountReply,
  EmailReply,
  ExistsReply,
  LoginReply,
  LogoutReply,
  PasswordChangedReply,
  PreloadReply,
  RegisterReply,
  SentReply,
} from './structs/account.ts';
import type { AccountReply as Account, EmailReply as EmailSettings, LoginReply as NewSession, PreloadReply as Preload, SendAuthType } from './structs/account.ts';
import type { Credentials } from './structs/credentials.ts';
import { CONSENT_VERSION } from '../lib/consent.ts';
import { apiCall } from './client.ts';

const accountReply = okEnvelope(AccountReply);
const loginReply = okEnvelope(LoginReply);
const registerReply = okEnvelope(RegisterReply);
const logoutReply = okEnvelope(LogoutReply);
const existsReply = okEnvelope(ExistsReply);
const sentReply = okEnvelope(SentReply);
const changedReply = okEnvelope(PasswordChangedReply);
const emailReply = okEnvelope(EmailReply);
const preloadReply = okEnvelope(PreloadReply);

/** `GET /105/api/user`: the user the credentials belong to. */
export function fetchAccount(auth: Credentials): Promise<Account> {
  return apiCall('/105/api/user', accountReply, { auth });
}

/** `POST /105/api/user/register`: mails a link that confirms the address and signs in (the anonymous user becomes the account). */
export function register(auth: Credentials, email: string, isLegalEntity: boolean) {
  const body = { email, isLegalEntity: isLegalEntity ? '1' : '0', consentVersion: CONSENT_VERSION };
  return apiCall('/105/api/user/register', registerReply, { method: 'POST', auth, body });
}

/** `POST /105/api/login` with e-mail and password; the device's anonymous credentials (if any) let its documents join the account. */
export function loginWithPassword(device: Credentials | undefined, email: string, password: string): Promise<NewSession> {
  return apiCall('/105/api/login', loginReply, { method: 'POST', auth: device, body: { _username: email, _password: password } });
}

/** `POST /105/api/login` with a mailed token. */
export function loginWithToken(device: Credentials | undefined, token: string): Promise<NewSession> {
  return apiCall('/105/api/login', loginReply, { method: 'POST', auth: device, body: { _token: token } });
}

/** `POST /105/api/logout`: ends this session, or every session of the account. */
export function logout(auth: Credentials, everywhere: boolean) {
  return apiCall('/105/api/logout', logoutReply, { method: 'POST', auth, body: everywhere ? { all: '1' } : {} });
}

/** `GET /105/api/fos/exists`: whether an account has this address. */
export async function accountExists(email: string): Promise<boolean> {
  return (await apiCall('/105/api/fos/exists', existsReply, { query: { email } })).exists;
}

/** `POST /105/api/fos/send/auth`: mails a sign-in or a reset link if the account exists (the answer is the same either way). */
export async function sendAuthLink(email: string, type: SendAuthType): Promise<void> {
  await apiCall('/105/api/fos/send/auth', sentReply, { method: 'POST', body: { email, type } });
}

/** `POST /105/api/password/reset`: a new password by a mailed token; answers a new session. */
export function resetPassword(token: string, newPassword: string): Promise<NewSession> {
  return apiCall('/105/api/password/reset', loginReply, { method: 'POST', body: { token, newPassword } });
}

/** `POST /105/api/password/change`: oldPass may be empty when the account has no password yet. */
export function changePassword(auth: Credentials, change: { oldPass: string; newPass: string; confirmPass: string }) {
  const body: Record<string, string> = { newPass: change.newPass, confirmPass: change.confirmPass };
  if (change.oldPass !== '') body['oldPass'] = change.oldPass;
  return apiCall('/105/api/password/change', changedReply, { method: 'POST', auth, body });
}

/** `GET /105/api/email`. */
export function fetchEmailSettings(auth: Credentials): Promise<EmailSettings> {
  return apiCall('/105/api/email', emailReply, { auth });
}

/** `POST /105/api/email/edit`: mails a confirmation link to the new address. */
export function changeEmail(auth: Credentials, email: string): Promise<EmailSettings> {
  return apiCall('/105/api/email/edit', emailReply, { method: 'POST', auth, body: { email } });
}

/** `POST /105/api/email/notify`: spec §3 doNotify. */
export function setNotify(auth: Credentials, doNotify: boolean): Promise<EmailSettings> {
  return apiCall('/105/api/email/notify', emailReply, { method: 'POST', auth, body: { doNotify: doNotify ? '1' : '0' } });
}

/** `GET /105/api/preload?web=1` (spec §7): the tax list is ready, or ask again after `wait` seconds. */
export function preload(auth: Credentials): Promise<Preload> {
  return apiCall('/105/api/preload', preloadReply, { auth, query: { web: '1' } });
}
