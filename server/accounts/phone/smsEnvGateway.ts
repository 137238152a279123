import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ServerEnv } from '../../env.ts';
import type { SmsGateway } from './smsGateway.ts';
import { createSmsRu } from './smsRu.ts';
import { createSandboxSms } from './smsSandbox.ts';

/**
 * The SMS service the settings name: SMS.ru, 'off', or the sandbox, whose SMS go to the local mailbox
 * (/dev/mail/) and, text and all, into the log `npm start` prints (never in production: env refuses it).
 */
export function smsGatewayOf(env: Pick<ServerEnv, 'sms' | 'port' | 'production'>, db: Kysely<Database>, clock: () => Date, announce: (line: string) => void): SmsGateway | 'off' {
  const provider = env.sms.provider;
  if (provider.kind === 'smsru') return createSmsRu({ apiId: provider.apiId, from: provider.from, url: provider.url });
  if (provider.kind === 'off' || env.production) return 'off';
  return createSandboxSms({ db, clock, announce, mailboxUrl: `http://localhost:${env.port}/dev/mail/` });
}
