import { createSmtpMailer } from '../../../server/mail/smtpMailer.ts';
import type { AppOptions } from '../../../server/appDeps.ts';
import { createTestApi } from './testApi.ts';
import type { Session, TestApi } from './testApi.ts';
import { linkToken, startSmtpSink } from './smtpSink.ts';
import type { SmtpSink } from './smtpSink.ts';

/** The API with its mail going over real SMTP into a sink the test reads. */
export type MailTestApi = TestApi & { sink: SmtpSink };

/** Starts an SMTP sink and the API that sends to it. */
export async function createMailTestApi(overrides: Partial<Omit<AppOptions, 'db' | 'clock' | 'mailer'>> = {}): Promise<MailTestApi> {
  const sink = await startSmtpSink();
  const api = await createTestApi({ mailer: createSmtpMailer({ url: sink.url, from: 'Штрафы Онлайн <noreply@shtrafy.test>' }), ...overrides });
  return {
    ...api,
    sink,
    close: async () => {
      await api.close();
      await sink.close();
    },
  };
}

/** A fresh anonymous visitor registers `email` and opens the link from the mail: the account's session. */
export async function signUp(api: MailTestApi, email: string, extra: Record<string, string> = {}): Promise<Session> {
  const anonymous = await api.register();
  const registered = await api.request('POST', '/105/api/user/register', { session: anonymous, form: { email, ...extra } });
  if (registered.status !== 200) throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
  const mail = await api.sink.next(email);
  return signInWithLink(api, linkToken(mail));
}

/** POST /login with a mailed token. */
export async function signInWithLink(api: TestApi, token: string, device?: Session): Promise<Session> {
  const reply = await api.request('POST', '/105/api/login', { form: { _token: token }, ...(device === undefined ? {} : { session: device }) });
  if (reply.status !== 200) throw new Error(`login failed: ${JSON.stringify(reply.body)}`);
  return reply.body.response as Session;
}

/** Sets the first password of an account that signed in by link. */
export async function setPassword(api: TestApi, session: Session, password: string): Promise<void> {
  const reply = await api.request('POST', '/105/api/password/change', { session, form: { newPass: password, confirmPass: password } });
  if (reply.status !== 200) throw new Error(`password failed: ${JSON.stringify(reply.body)}`);
}
