/**
 * Starts the local server for the browser tests on the existing build, with a fresh data folder, and
 * a real SMTP server beside it: the API sends its mail there over SMTP, and each mail is written to
 * `${DATA_DIR}/mail/` as JSON for the tests to read (tests/e2e/account/mailbox.ts).
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSmtpSink } from '../api/helpers/smtpSink.ts';
import { startWebhookReceiver } from '../api/helpers/webhookReceiver.ts';
import { useTestWebhookNetwork } from '../../server/integrations/webhooks/network.ts';

const dataDir = process.env['DATA_DIR'] ?? '.data/e2e';
rmSync(dataDir, { recursive: true, force: true });
const mailDir = join(dataDir, 'mail');
mkdirSync(mailDir, { recursive: true });
let count = 0;
const sink = await startSmtpSink({
  // Written under another name and then renamed: a test reading the folder never sees half a mail.
  onMail: (mail) => {
    const name = join(mailDir, `${String(++count).padStart(5, '0')}.json`);
    writeFileSync(`${name}.part`, JSON.stringify({ to: mail.to, subject: mail.subject, text: mail.text }));
    renameSync(`${name}.part`, name);
  },
});
process.env['SMTP_URL'] = sink.url;
// The browser tests add fines and run re-checks through the sandbox controls (never on by default).
process.env['SANDBOX_CONTROL'] = '1';
// Автооплата charges a minute after its mail instead of a day (tests/e2e/autopay): short enough to watch.
process.env['AUTOPAY_DELAY_MINUTES'] = '1';
// Every browser test comes from 127.0.0.1 and starts as a new visitor: the per-address limits have API tests of their own.
process.env['CLIENT_RATE_LIMIT'] = '0';
process.env['LOOKUP_RATE_LIMIT'] = '0';
process.env['MAP_RATE_LIMIT'] = '0';
process.env['COMPANY_LOOKUP_LIMIT'] = '0';
// The team's browser tests sign in as these addresses (tests/e2e/platform/analytics.spec.ts, organization/paymentOrders.spec.ts).
process.env['ADMIN_EMAILS'] = 'team-analytics@example.ru,operator-invoices@example.ru';
// Webhooks go to a receiver on loopback: the test DNS gives hooks.example.com a public address, and the
// agent routes that address here. The public-address rule stays on (an internal URL is still refused).
const receiver = await startWebhookReceiver();
useTestWebhookNetwork(receiver.network);
// The sandbox source shows a fine paid through us after 5 s, so the payment's path moves while a test watches (tests/e2e/payment/sbp.spec.ts).
process.env['GISGMP_SANDBOX_DELAY_SECONDS'] ??= '5';
process.argv.push('--no-build');
const { startedApi } = await import('../../server/start.ts');
// Test-only control on loopback (its port in ${DATA_DIR}/control.json): marks an organization's
// subscription paid in the database, as paying its invoice would (tests/e2e/organization/integrations.spec.ts).
const control = createServer((request, response) => {
  const id = /^\/organizations\/(\d+)\/paid$/.exec(request.url ?? '')?.[1];
  if (request.method !== 'POST' || id === undefined) {
    response.statusCode = 404;
    response.end();
    return;
  }
  void startedApi.deps.db
    .updateTable('organizations')
    .set({ subscribe_type: 1, subscription_end: new Date(Date.now() + 30 * 86_400_000) })
    .where('id', '=', Number(id))
    .execute()
    .then(() => response.end('ok'), () => {
      response.statusCode = 500;
      response.end();
    });
});
control.listen(0, '127.0.0.1', () => writeFileSync(join(dataDir, 'control.json'), JSON.stringify({ port: (control.address() as AddressInfo).port })));
