/** What the sandbox does with a card: pay now, decline, or pay after a delay (like 3-D Secure taking its time). */
export type SandboxCardOutcome = 'pays' | 'declined' | 'paysLater';

/** The sandbox's test cards (shown on its page). */
export const SANDBOX_CARDS: readonly { number: string; outcome: SandboxCardOutcome; label: string }[] = [
  { number: '4111 1111 1111 1111', outcome: 'pays', label: 'оплата проходит' },
  { number: '4000 0000 0000 0002', outcome: 'declined', label: 'банк отклоняет оплату' },
  { number: '4000 0000 0000 3220', outcome: 'paysLater', label: 'оплата проходит через несколько секунд' },
];

/** The outcome of a typed card number, or undefined for a number that is not a test card. */
export function sandboxCardOutcome(typed: string): SandboxCardOutcome | undefined {
  const digits = typed.replace(/\D/g, '');
  return SANDBOX_CARDS.find((card) => card.number.replace(/\s/g, '') === digits)?.outcome;
}

/** The paying test card, offered as the payer's saved card (one tap, as a real gateway offers a card it keeps). */
export const SANDBOX_SAVED_CARD = '4111 1111 1111 1111';

/** The card a sandbox form sent: the saved card's button, else the typed number. */
export function submittedCard(form: Record<string, unknown>): string {
  const saved = form['savedCard'];
  if (typeof saved === 'string' && saved !== '') return saved;
  return typeof form['card'] === 'string' ? form['card'] : '';
}
