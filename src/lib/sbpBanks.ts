// The banks a phone's «Оплатить через СБП» offers, with their СБП member ids (NSPK's participant
// list, sbp.nspk.ru/participants). A bank's app opens a payment link through its own scheme,
// bank{memberId}://qr.nspk.ru/…; a phone without that app opens the plain link, and NSPK's page
// offers the payer's banks.

/** A bank that pays СБП links: its NSPK member id and its name. */
export type SbpBank = { id: string; name: string };

/** The banks shown first, by how many people use them. */
export const SBP_BANKS: readonly SbpBank[] = [
  { id: '100000000111', name: 'Сбербанк' },
  { id: '100000000004', name: 'Т-Банк' },
  { id: '100000000005', name: 'ВТБ' },
  { id: '100000000008', name: 'Альфа-Банк' },
  { id: '100000000001', name: 'Газпромбанк' },
  { id: '100000000007', name: 'Райффайзенбанк' },
  { id: '100000000013', name: 'Совкомбанк' },
  { id: '100000000010', name: 'ПСБ' },
  { id: '100000000012', name: 'Росбанк' },
  { id: '100000000016', name: 'Почта Банк' },
];

/** The link that opens a payment link in one bank's app: the same address under the bank's scheme. */
export function bankAppLink(payload: string, bankId: string): string {
  return payload.replace(/^https:\/\//, `bank${bankId}://`);
}
