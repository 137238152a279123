import type { AutopayCharge, AutopayState } from '../../../src/api/structs/autopay.ts';
import type { AppDeps } from '../../appDeps.ts';
import type { FineSubject } from '../../providers/fines/provider.ts';
import { autopayAvailable } from './binding.ts';
import { boundCard } from './cardStore.ts';
import { userCharges } from './chargeStore.ts';
import type { ChargeRow } from './chargeStore.ts';
import { userRules } from './ruleStore.ts';

/** The user's documents autopay can be turned on for (СТС and ВУ), with the subject the source is asked about. */
export async function userDocuments(deps: AppDeps, userId: number) {
  const [sts, licences] = await Promise.all([
    deps.db.selectFrom('sts_documents').select(['id', 'sts', 'plate_number', 'plate_region']).where('user_id', '=', userId).orderBy('id').execute(),
    deps.db.selectFrom('driver_licenses').select(['id', 'number']).where('user_id', '=', userId).orderBy('id').execute(),
  ]);
  return [
    ...sts.map((d) => ({ documentKind: 'sts' as const, documentId: d.id, document: `СТС ${d.sts}, ${d.plate_number} ${d.plate_region}`, subject: { kind: 'sts', sts: d.sts, plateNumber: d.plate_number, plateRegion: d.plate_region } as FineSubject })),
    ...licences.map((d) => ({ documentKind: 'dl' as const, documentId: d.id, document: `ВУ ${d.number}`, subject: { kind: 'dl', driverLicense: d.number } as FineSubject })),
  ];
}

/** Charges as the profile and the cabinet list them, each with its receipt once paid. */
export async function chargeViews(deps: AppDeps, charges: readonly ChargeRow[]): Promise<AutopayCharge[]> {
  const paymentIds = charges.flatMap((c) => (c.payment_id === null ? [] : [c.payment_id]));
  const receipts = new Map(
    paymentIds.length === 0 ? [] : (await deps.db.selectFrom('payments').select(['id', 'receipt_hash']).where('id', 'in', paymentIds).where('status', '=', 'success').execute()).map((p) => [p.id, p.receipt_hash]),
  );
  return charges.map(
    (c): AutopayCharge => ({ id: c.id, fineId: c.fine_id, uin: c.uin, amountKopecks: Number(c.amount_kopecks), discountLastDay: c.discount_last_day, status: c.status, chargeAt: c.charge_at.toISOString(), reason: c.reason, receiptHash: (c.payment_id === null ? null : receipts.get(c.payment_id)) ?? null }),
  );
}

/** Everything the profile's autopay section shows. */
export async function autopayState(deps: AppDeps, userId: number): Promise<AutopayState> {
  const [card, rules, charges, documents] = await Promise.all([boundCard(deps.db, userId), userRules(deps.db, userId), userCharges(deps.db, userId), userDocuments(deps, userId)]);
  const named = new Map(documents.map((d) => [`${d.documentKind}:${d.documentId}`, d.document]));
  return {
    available: autopayAvailable(deps),
    card: card === undefined ? null : { mask: card.mask ?? '', expiry: card.expiry ?? '' },
    rules: rules.flatMap((r) => (r.document_kind === 'fleet' ? [] : [{ id: r.id, documentKind: r.document_kind, documentId: r.document_id, document: named.get(`${r.document_kind}:${r.document_id}`) ?? '', maxFineKopecks: Number(r.max_fine_kopecks), monthlyKopecks: Number(r.monthly_kopecks) }])),
    charges: await chargeViews(deps, charges),
    documents: documents.map(({ documentKind, documentId, document }) => ({ documentKind, documentId, document })),
  };
}
