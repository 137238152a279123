import type { Kysely } from 'kysely';
import { maskEmail } from '../../src/lib/email.ts';
import type { Database } from '../db/schema.ts';
import type { Mailer, MailMessage } from './message.ts';

/**
 * One line about a kept mail: the recipient masked, the subject, and where to read it — never the
 * mail's link, whose token would sit in the log (and the log's scrubber masks it anyway).
 */
export function outboxLine(message: MailMessage, readAt: string | undefined): string {
  return `Письмо для ${maskEmail(message.to)}: «${message.subject}» — ${readAt === undefined ? 'сохранено в таблице mail_outbox' : `откройте ${readAt}`}`;
}

/**
 * Keeps mail in the `mail_outbox` table instead of sending it (SMTP_URL unset: the embedded default
 * for trying the project), and tells `announce` one line per mail. `mailboxUrl` is the local page
 * that shows the outbox (/dev/mail/, never in production); each line points to the mail there.
 */
export function createOutboxMailer(options: { db: Kysely<Database>; clock: () => Date; announce?: (line: string) => void; mailboxUrl?: string }): Mailer {
  return {
    kind: 'outbox',
    async send(message) {
      const row = await options.db
        .insertInto('mail_outbox')
        .values({ to_address: message.to, subject: message.subject, text_body: message.text, html_body: message.html, created_at: options.clock() })
        .returning('id')
        .executeTakeFirstOrThrow();
      options.announce?.(outboxLine(message, options.mailboxUrl === undefined ? undefined : `${options.mailboxUrl}${row.id}/`));
    },
    close: () => undefined,
  };
}
