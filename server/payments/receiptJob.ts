import type { AppDeps } from '../appDeps.ts';
import type { JobDefinition } from '../jobs/jobQueue.ts';
import { sendReceipt } from './receiptMail.ts';

/** The job that mails a paid payment's receipt: its PDF takes far longer than settling the payment. */
export const PAYMENT_RECEIPT_JOB = 'payment.receipt';

/**
 * Mails the receipt of a payment just settled, off the path of whatever settled it (a gateway's
 * notification, an autopay charge): through the job queue when this process has one — once per
 * payment, by its unique key — else at once.
 */
export async function mailReceiptLater(deps: AppDeps, paymentId: string): Promise<void> {
  if (deps.jobs === undefined) return sendReceipt(deps, paymentId);
  await deps.jobs.enqueue(PAYMENT_RECEIPT_JOB, { paymentId }, { uniqueKey: `${PAYMENT_RECEIPT_JOB}:${paymentId}` });
}

/** The receipt job's definition. */
export function receiptJobs(deps: AppDeps): JobDefinition[] {
  return [
    {
      name: PAYMENT_RECEIPT_JOB,
      async run(payload) {
        await sendReceipt(deps, (payload as { paymentId: string }).paymentId);
      },
    },
  ];
}
