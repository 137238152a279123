import type { Kysely } from 'kysely';
import { maskEmail } from '../../src/lib/email.ts';
import type { Database } from '../db/schema.ts';
import type { Mailer, MailMessage } from './message.ts';

/** One line about a kept mail: the recipient masked, the subject, the link. */
export function outboxLine(message: MailMessage): string {
  return `Письмо для ${maskEmail(message.to)}: «${message.subject}»${message.link === undefined ? '' : ` — ${message.link}`}`;
}

/**
 * Keeps mail in the `mail_outbox` table instead of sending it (SMTP_URL unset: the embedded default
 * for trying the project), and tells `announce` one line per mail.
 */
export function createOutboxMailer(options: { db: Kysely<Database>; clock: () => Date; announce?: (line: string) => void }): Mailer {
  return {
    kind: 'outbox',
    async send(message) {
      await options.db
        .insertInto('mail_outbox')
        .values({ to_address: message.to, subject: message.subject, text_body: message.text, html_body: message.html, created_at: options.clock() })
        .execute();
      options.announce?.(outboxLine(message));
    },
    close: () => undefined,
  };
}
