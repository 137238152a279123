import { maskEmail } from '../../src/lib/email.ts';
import type { Mailer, MailMessage } from './message.ts';

/** How the API hands mail over: now (the caller waits) or later (the reply must not wait or tell). */
export type MailDispatch = {
  readonly mailer: Mailer;
  /** Sends and waits; rejects when the mail could not be handed over. */
  send(message: MailMessage): Promise<void>;
  /**
   * Sends without making the request wait, so a reply takes the same time whether or not a mail
   * went out (no account enumeration by timing). A failure is reported, never thrown.
   */
  sendLater(message: MailMessage): void;
  /** Resolves when every mail handed to sendLater has been sent or has failed (tests, shutdown). */
  idle(): Promise<void>;
};

/** A dispatch over a mailer; `onError` hears about mail that could not be sent (the recipient masked). */
export function createMailDispatch(mailer: Mailer, onError: (error: unknown, recipient: string) => void): MailDispatch {
  const pending = new Set<Promise<void>>();
  return {
    mailer,
    send: (message) => mailer.send(message),
    sendLater(message) {
      const sending = mailer
        .send(message)
        .catch((error: unknown) => onError(error, maskEmail(message.to)))
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}

/** Reports a mail that could not be sent as an unexpected error (the recipient masked, the cause kept). */
export function mailFailureReporter(report: ((error: unknown) => void) | undefined): (error: unknown, recipient: string) => void {
  return (error, recipient) => report?.(new Error(`Mail to ${recipient} was not sent`, { cause: error }));
}
