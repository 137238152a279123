import { request as httpsRequest } from 'node:https';
import type { Agent } from 'node:https';
import { isIP } from 'node:net';
import { checkPushEndpoint, systemResolver } from '../../notifications/pushEndpoint.ts';
import type { HostResolver } from '../../notifications/pushEndpoint.ts';

/**
 * How webhooks reach the internet: the DNS, and the HTTPS agent (Node's default). Tests inject a
 * resolver of made-up names and an agent that routes them to a receiver on loopback, exactly as the
 * push tests do; the public-address rule itself is the same in tests and in production. There is no
 * setting that turns the rule off.
 */
export type WebhookNetwork = { resolveHost: HostResolver; agent?: Agent | undefined };

/** A delivery gives up after this long (DNS included). */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** A network the browser tests' server installs in code (tests/e2e/serve.ts) before it starts; nothing else sets it. */
let testNetwork: WebhookNetwork | undefined;

/**
 * Test-only: makes this process's webhooks use `network` (a made-up DNS and an agent routed to a
 * loopback receiver). Called in code by the browser tests' server; there is no setting for it, and it
 * refuses to work in production mode.
 */
export function useTestWebhookNetwork(network: WebhookNetwork): void {
  if (process.env['NODE_ENV'] === 'production') throw new Error('A test webhook network cannot be used in production');
  testNetwork = network;
}

/** The real internet (or the browser tests' network, when their server installed one). */
export function systemWebhookNetwork(): WebhookNetwork {
  return testNetwork ?? { resolveHost: systemResolver() };
}

/** Why a webhook URL is refused (Russian, for the cabinet), or undefined when it may be used: https on 443, no credentials, every address public. */
export async function webhookUrlProblem(text: string, network: WebhookNetwork): Promise<string | undefined> {
  if (text.length > 2000) return 'Адрес вебхука слишком длинный';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'Адрес вебхука некорректен';
  }
  if (url.protocol !== 'https:') return 'Адрес вебхука должен начинаться с https://';
  if (url.username !== '' || url.password !== '') return 'В адресе вебхука не должно быть имени пользователя и пароля';
  if (url.port !== '') return 'Адрес вебхука должен работать на стандартном порту 443';
  // The rest is the push endpoints' rule (server/notifications/pushEndpoint.ts): every resolved address public.
  const checked = await checkPushEndpoint(text, network.resolveHost);
  return checked.ok ? undefined : 'Этот адрес недоступен: принимаются только адреса в интернете';
}

/** What came of one post: the endpoint's status, or why it was not reached. */
export type PostOutcome = { status: number } | { error: string };

/**
 * Posts `body` to the endpoint, checking the URL again first (the name may point elsewhere now) and
 * connecting only to the address that check approved (no second lookup: DNS rebinding). TLS checks
 * the endpoint's name. Redirects are not followed; the reply's body is not read.
 */
export async function postWebhook(url: string, body: string, headers: Record<string, string>, network: WebhookNetwork, timeoutMs = WEBHOOK_TIMEOUT_MS): Promise<PostOutcome> {
  const signal = AbortSignal.timeout(timeoutMs);
  const checked = await checkPushEndpoint(url, network.resolveHost);
  if (!checked.ok) return { error: 'Адрес не прошёл проверку: принимаются только https-адреса в интернете' };
  const name = checked.url.hostname.replace(/^\[(.*)\]$/, '$1');
  return new Promise<PostOutcome>((resolve) => {
    const request = httpsRequest(
      {
        host: checked.address,
        port: 443,
        ...(isIP(name) === 0 ? { servername: name } : {}),
        path: `${checked.url.pathname}${checked.url.search}`,
        method: 'POST',
        headers: { ...headers, Host: checked.url.host, 'Content-Length': String(Buffer.byteLength(body)) },
        signal,
        ...(network.agent === undefined ? {} : { agent: network.agent }),
      },
      (response) => {
        response.on('error', () => resolve({ status: response.statusCode ?? 0 }));
        response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
        response.resume();
      },
    );
    request.on('error', (error) => resolve({ error: signal.aborted ? `Нет ответа за ${timeoutMs / 1000} с` : `Не удалось соединиться: ${(error as NodeJS.ErrnoException).code ?? 'ошибка сети'}` }));
    request.end(body);
  });
}
