import { request as httpsRequest } from 'node:https';
import type { Agent } from 'node:https';
import { isIP } from 'node:net';
import webpush from 'web-push';
import type { VapidKeys } from './secrets.ts';
import { checkPushEndpoint, systemResolver } from './pushEndpoint.ts';
import type { CheckedEndpoint, HostResolver } from './pushEndpoint.ts';

/** A browser's push subscription (the Push API's endpoint and keys). */
export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/** What a push shows: a title, a line, and the page a click opens. */
export type PushMessage = { title: string; body: string; url: string };

/** A send gives up after this long, the DNS lookup included: a push service that hangs costs no more. */
export const PUSH_TIMEOUT_MS = 5_000;

/**
 * Sends web push. `gone`: the push service no longer knows the subscription (404/410), forget it;
 * `refused`: the endpoint's host no longer resolves to public addresses only, so it was not contacted.
 */
export type PushSender = {
  readonly publicKey: string;
  /** Why the server will not send to `endpoint` (a Russian sentence for the API), or undefined when it will. */
  checkEndpoint(endpoint: string): Promise<string | undefined>;
  send(target: PushTarget, message: PushMessage): Promise<'sent' | 'gone' | 'refused'>;
};

/** What the sender is given besides the keys; tests inject all three. */
export type PushSenderOptions = {
  /** The HTTPS agent to reach push services with (tests route it to local servers). */
  agent?: Agent;
  /** Host name → addresses (the DNS by default). */
  resolveHost?: HostResolver;
  /** How long one send may take in all (PUSH_TIMEOUT_MS by default). */
  timeoutMs?: number;
};

/**
 * Web push: the payload encrypted for the browser (RFC 8291) and signed with VAPID (RFC 8292) by the
 * `web-push` package, the request made here, so that it goes to the address the endpoint check
 * approved (TLS still verifies the push service's name) and is cut off after `timeoutMs` whatever
 * the service does. Redirects are not followed.
 */
export function createPushSender(keys: VapidKeys, options: PushSenderOptions = {}): PushSender {
  const resolveHost = options.resolveHost ?? systemResolver();
  const timeoutMs = options.timeoutMs ?? PUSH_TIMEOUT_MS;
  return {
    publicKey: keys.publicKey,
    async checkEndpoint(endpoint) {
      const checked = await checkPushEndpoint(endpoint, resolveHost);
      return checked.ok ? undefined : checked.problem;
    },
    async send(target, message) {
      const deadline = AbortSignal.timeout(timeoutMs);
      const work = (async () => {
        // Checked again now: the name may point elsewhere than when the browser subscribed.
        const checked = await checkPushEndpoint(target.endpoint, resolveHost);
        if (!checked.ok) return 'refused' as const;
        deadline.throwIfAborted();
        const details = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(message), {
          vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: 24 * 3600,
        });
        const status = await post(checked, details, options.agent, deadline);
        if (status >= 200 && status < 300) return 'sent' as const;
        if (status === 404 || status === 410) return 'gone' as const;
        throw new Error(`The push service answered ${status}`);
      })();
      return Promise.race([work, aborted(deadline)]);
    },
  };
}

/** Rejects when `signal` aborts (the deadline), so a hung DNS query or server cannot hold the caller. */
function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    const fail = () => reject(new Error(`Push not delivered within the time limit`, { cause: signal.reason }));
    if (signal.aborted) fail();
    else signal.addEventListener('abort', fail, { once: true });
  });
}

/** POSTs the push to the checked address, with the endpoint's name for TLS and Host; answers the status. */
function post(checked: CheckedEndpoint, details: webpush.RequestDetails, agent: Agent | undefined, signal: AbortSignal): Promise<number> {
  const { url, address } = checked;
  const name = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return new Promise((resolve, reject) => {
    const request = httpsRequest(
      {
        host: address,
        port: 443,
        // SNI and the certificate check use the name; an address written as the endpoint's host has no SNI.
        ...(isIP(name) === 0 ? { servername: name } : {}),
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        headers: { ...details.headers, Host: url.host },
        signal,
        ...(agent === undefined ? {} : { agent }),
      },
      (response) => {
        response.on('error', reject);
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.resume();
      },
    );
    request.on('error', reject);
    request.end(details.body ?? undefined);
  });
}
