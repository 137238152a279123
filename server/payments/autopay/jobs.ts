import type { AppDeps } from '../../appDeps.ts';
import type { JobDefinition } from '../../jobs/jobQueue.ts';
import { AUTOPAY_RECEIPT_JOB, runAutopay } from './runCharges.ts';
import { sendReceipt } from '../receiptMail.ts';
import { removeQueuedTokens } from './tokenRemovals.ts';

/** Charges per run of the autopay job (the rest wait for the next minute). */
export const AUTOPAY_BATCH = 500;

/** The autopay jobs: due charges every minute, their receipts, and tokens to remove at the gateway. */
export function autopayJobs(deps: AppDeps, log: (line: string) => void = () => undefined): JobDefinition[] {
  return [
    {
      name: 'autopay.charge',
      everyMs: 60_000,
      leaseMs: 30 * 60_000,
      async run() {
        const report = await runAutopay(deps, { limit: AUTOPAY_BATCH });
        const done = Object.entries(report).filter(([, n]) => n > 0);
        if (done.length > 0) log(`Автооплата: ${done.map(([k, n]) => `${k} ${n}`).join(', ')}`);
      },
    },
    {
      name: AUTOPAY_RECEIPT_JOB,
      async run(payload) {
        await sendReceipt(deps, (payload as { paymentId: string }).paymentId);
      },
    },
    {
      name: 'autopay.removeTokens',
      everyMs: 5 * 60_000,
      async run() {
        await removeQueuedTokens(deps);
      },
    },
  ];
}
