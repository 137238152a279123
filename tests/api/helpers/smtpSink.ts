import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import type { ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail as the sink received it over SMTP, parsed. */
export type ReceivedMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: ParsedMail['headers'];
  /** Header values as sent (unfolded), by lower-case name: mailparser reshapes some (List-*). */
  raw: Map<string, string>;
  attachments: ParsedMail['attachments'];
};

/** A real SMTP server on loopback that keeps what it receives, for tests of mail that really travels. */
export type SmtpSink = {
  url: string;
  received: ReceivedMail[];
  /** The next mail for `to` (already received or arriving within the timeout). */
  next(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  /** Mails received for `to` so far. */
  for(to: string): ReceivedMail[];
  close(): Promise<void>;
};

/** Starts the sink on a free port, or `port` (no TLS, no auth: a local test peer); `onMail` hears each mail as it arrives. */
export async function startSmtpSink(options: { port?: number; onMail?: (mail: ReceivedMail) => void } = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = Array.isArray(mail.to) ? (mail.to[0]?.text ?? '') : (mail.to?.text ?? '');
          const raw = new Map(mail.headerLines.map((h) => [h.key, h.line.replace(/\r?\n[ \t]+/g, ' ').replace(/^[^:]+:\s*/, '')]));
          const parsed = { to, subject: mail.subject ?? '', text: mail.text ?? '', html: typeof mail.html === 'string' ? mail.html : '', headers: mail.headers, raw, attachments: mail.attachments };
          received.push(parsed);
          options.onMail?.(parsed);
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const forTo = (to: string) => received.filter((mail) => mail.to === to);
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    for: forTo,
    async next(to, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = forTo(to).find((m) => !taken.has(m));
        if (mail !== undefined) {
          taken.add(mail);
          return mail;
        }
        if (Date.now() > deadline) throw new Error(`No mail for ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The token of the first site link in a mail's text (/auth/?token=… or /reset/…/). */
export function linkToken(mail: ReceivedMail): string {
  const match = /(?:\/auth\/\?token=|\/reset\/)([A-Za-z0-9_-]{43})/.exec(mail.text);
  if (match?.[1] === undefined) throw new Error(`No link in mail «${mail.subject}»`);
  return match[1];
}
