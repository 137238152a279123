/** A file attached to a mail (e.g. an .ics invitation or a PDF receipt). */
export type MailAttachment = { filename: string; content: string | Uint8Array; contentType: string };

/** One mail as the product composes it: a Russian subject, a text and an HTML part. */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 8058). */
  headers?: Record<string, string>;
  attachments?: MailAttachment[];
  /** The one link the mail is about; the outbox prints it so a person trying the project can follow it. */
  link?: string;
};

/** Where mail goes: an SMTP server, or the outbox table when none is configured. */
export type Mailer = {
  readonly kind: 'smtp' | 'outbox';
  /** Sends (or keeps) the mail; rejects when the SMTP server refuses it. */
  send(message: MailMessage): Promise<void>;
  /** Releases connections. */
  close(): void;
};
