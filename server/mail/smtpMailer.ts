import nodemailer from 'nodemailer';
import type { Mailer } from './message.ts';

/** Sends mail through the SMTP server at `url` (smtp://user:pass@host:587, smtps://…, or smtp://127.0.0.1:2525 without auth). */
export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.url, { from: options.from });
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.headers === undefined ? {} : { headers: message.headers }),
        ...(message.attachments === undefined
          ? {}
          : {
              attachments: message.attachments.map((file) => ({
                filename: file.filename,
                content: typeof file.content === 'string' ? file.content : Buffer.from(file.content),
                contentType: file.contentType,
              })),
            }),
      });
    },
    close: () => transport.close(),
  };
}
