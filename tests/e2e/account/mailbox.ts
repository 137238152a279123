/** The mail the e2e server received over SMTP (tests/e2e/serve.ts writes each one to a file). */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const MAIL_DIR = join(process.env['DATA_DIR'] ?? '.data/e2e', 'mail');

/** A received mail. */
export type Mail = { to: string; subject: string; text: string };

/** Every mail to `to`, oldest first. */
function mailsTo(to: string): Mail[] {
  return readdirSync(MAIL_DIR)
    .filter((name) => name.endsWith('.json')) // a mail being written is still «.json.part»
    .sort()
    .map((name) => JSON.parse(readFileSync(join(MAIL_DIR, name), 'utf8')) as Mail)
    .filter((mail) => mail.to === to);
}

/** Waits for the `nth` mail (1-based) to `to`. */
export async function waitForMail(to: string, nth = 1, timeoutMs = 10_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = mailsTo(to)[nth - 1];
    if (mail !== undefined) return mail;
    if (Date.now() > deadline) throw new Error(`No mail #${nth} for ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Every mail to `to` whose subject matches, oldest first, waiting for at least `count` of them. */
export async function waitForMails(to: string, subject: RegExp, count = 1, timeoutMs = 10_000): Promise<Mail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = mailsTo(to).filter((mail) => subject.test(mail.subject));
    if (found.length >= count) return found;
    if (Date.now() > deadline) throw new Error(`Fewer than ${count} mails «${subject.source}» for ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The site link in a mail's text (/auth/?token=… or /reset/…/), as a path on the site under test. */
export function linkIn(mail: Mail): string {
  const match = /https?:\/\/[^/\s]+(\/(?:auth\/\?token=|reset\/)[A-Za-z0-9_-]{43}\/?)/.exec(mail.text);
  if (match?.[1] === undefined) throw new Error(`No link in «${mail.subject}»`);
  return match[1];
}
