import { nullable } from 'superstruct';
import { okEnvelope } from './structs/envelope.ts';
import { PaymentPathReply, SbpLinkReply } from './structs/sbp.ts';
import type { PaymentPath, SbpLink } from './structs/sbp.ts';
import type { Credentials } from './structs/credentials.ts';
import { apiCall } from './client.ts';

const linkReply = okEnvelope(SbpLinkReply);
const pathReply = okEnvelope(nullable(PaymentPathReply));

/** `GET /105/api/payment/{paymentId}/sbp`: the payment's СБП link (QR code, bank apps) and its state. */
export function fetchSbpLink(auth: Credentials, paymentId: string): Promise<SbpLink> {
  return apiCall(`/105/api/payment/${encodeURIComponent(paymentId)}/sbp`, linkReply, { auth });
}

/** `GET /105/api/fine/{fineId}/path`: a paid fine's path to ГИС ГМП; null for a fine not paid through us. */
export function fetchPaymentPath(auth: Credentials, fineId: number): Promise<PaymentPath | null> {
  return apiCall(`/105/api/fine/${fineId}/path`, pathReply, { auth });
}
