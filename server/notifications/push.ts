import type { Agent } from 'node:https';
import webpush from 'web-push';
import type { VapidKeys } from './secrets.ts';

/** A browser's push subscription (the Push API's endpoint and keys). */
export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/** What a push shows: a title, a line, and the page a click opens. */
export type PushMessage = { title: string; body: string; url: string };

/** Sends web push; `gone` means the push service no longer knows the subscription (404/410): forget it. */
export type PushSender = {
  readonly publicKey: string;
  send(target: PushTarget, message: PushMessage): Promise<'sent' | 'gone'>;
};

/**
 * Web push through the `web-push` package: the payload encrypted for the browser (RFC 8291), signed
 * with VAPID (RFC 8292). `agent` is the HTTPS agent to reach push services with (tests trust their
 * local service's certificate through it).
 */
export function createPushSender(keys: VapidKeys, options: { agent?: Agent } = {}): PushSender {
  return {
    publicKey: keys.publicKey,
    async send(target, message) {
      try {
        await webpush.sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(message), {
          vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: 24 * 3600,
          timeout: 10_000,
          ...(options.agent === undefined ? {} : { agent: options.agent }),
        });
        return 'sent';
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) return 'gone';
        throw error;
      }
    },
  };
}
