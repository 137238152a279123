import type { Kysely } from 'kysely';
import { formatPhone, maskPhone } from '../../../src/lib/mobilePhone.ts';
import type { Database } from '../../db/schema.ts';
import type { SmsGateway } from './smsGateway.ts';

/**
 * The SMS sandbox (no SMS service set): each SMS is kept in the local mailbox's table, shown on
 * /dev/mail/ as «SMS для +7 …», and `announce` gets one line with the text, so whoever tries the
 * project with `npm start` reads the code in the log. Never in production (server/env.ts refuses).
 */
export function createSandboxSms(options: { db: Kysely<Database>; clock: () => Date; announce?: (line: string) => void; mailboxUrl?: string }): SmsGateway {
  return {
    id: 'sandbox',
    async send(phone, text) {
      const row = await options.db
        .insertInto('mail_outbox')
        .values({ to_address: formatPhone(phone), subject: `SMS для ${formatPhone(phone)}`, text_body: text, html_body: '', created_at: options.clock() })
        .returning('id')
        .executeTakeFirstOrThrow();
      const where = options.mailboxUrl === undefined ? '' : ` — ${options.mailboxUrl}${row.id}/`;
      options.announce?.(`SMS-песочница, ${maskPhone(phone)}: «${text}»${where}`);
    },
  };
}
