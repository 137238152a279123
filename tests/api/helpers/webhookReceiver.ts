import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { WebhookNetwork } from '../../../server/integrations/webhooks/network.ts';
import { withInnCheckDigits } from '../../../src/lib/inn.ts';
import { signUp } from './accounts.ts';
import type { MailTestApi } from './accounts.ts';
import { PUSH_TLS, RoutingAgent, fakeDns } from './pushService.ts';
import type { Session } from './testApi.ts';

/** A request the test receiver got. */
export type ReceivedHook = { path: string; headers: Record<string, string | string[] | undefined>; body: string };

/** The public-looking address the test's made-up webhook host resolves to (routed to the receiver on loopback). */
export const RECEIVER_ADDRESS = '93.184.215.14';
/** The receiver's made-up public name. */
export const RECEIVER_HOST = 'hooks.example.com';

/**
 * A webhook receiver on loopback over HTTPS (the push tests' certificate) that keeps each request and
 * answers 200, or 500 while `failing` is above zero. `network` is what the API is given in tests: a
 * DNS that knows the made-up names, and an HTTPS agent that routes the public address to this
 * receiver. The public-address rule is not switched off: names that resolve to internal addresses
 * are refused as in production.
 */
export async function startWebhookReceiver(extraDns: Record<string, string[]> = {}) {
  const received: ReceivedHook[] = [];
  let failing = 0;
  const server = createServer(PUSH_TLS, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = failing > 0 ? 500 : 200;
      if (failing > 0) failing -= 1;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const dns = new Map<string, string[]>([[RECEIVER_HOST, [RECEIVER_ADDRESS]], ...Object.entries(extraDns)]);
  const agent = new RoutingAgent(new Map([[RECEIVER_ADDRESS, port]]));
  const network: WebhookNetwork = { resolveHost: fakeDns(dns), agent };
  return {
    port,
    received,
    network,
    /** The test's DNS table (a test may point a name elsewhere later). */
    dns,
    /** The next `n` requests are answered 500. */
    fail(n: number) {
      failing = n;
    },
    close: async () => {
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let innSeed = 100_000_000;

/** An account with an organization whose subscription is paid until 30 days from now (written in the database, as the invoice's payment would). */
export async function paidOrganization(api: MailTestApi, email: string): Promise<{ session: Session; organizationId: number }> {
  const session = await signUp(api, email, { isLegalEntity: '1' });
  innSeed += 7919;
  const created = await api.request('POST', '/105/api/organization', { session, form: { inn: withInnCheckDigits(String(innSeed)), name: `ООО «Парк ${innSeed}»` } });
  if (created.status !== 200) throw new Error(`organization: ${JSON.stringify(created.body)}`);
  const organizationId = created.body.response.item.id as number;
  await api.deps.db.updateTable('organizations').set({ subscribe_type: 1, subscription_end: new Date(api.now().getTime() + 30 * 86_400_000) }).where('id', '=', organizationId).execute();
  return { session, organizationId };
}

/** Headers of a call with an API key. */
export const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
