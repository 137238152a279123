/** What a card bound in the sandbox does when its token is charged. */
export type TokenCardBehaviour = 'pays' | 'declines' | 'declinesFirst' | 'refusesBinding';

/** The sandbox's test cards for binding (listed on its binding page and in README). */
export const SANDBOX_TOKEN_CARDS: readonly { number: string; behaviour: TokenCardBehaviour; label: string }[] = [
  { number: '4111 1111 1111 1111', behaviour: 'pays', label: 'привязывается, списания проходят' },
  { number: '5555 5555 5555 4444', behaviour: 'declines', label: 'привязывается, банк отклоняет каждое списание' },
  { number: '2200 0000 0000 0053', behaviour: 'declinesFirst', label: 'привязывается, первое списание отклонено, повторное проходит' },
  { number: '4000 0000 0000 0002', behaviour: 'refusesBinding', label: 'банк не даёт привязать карту' },
];

/** A typed card's behaviour, or undefined for a number that is not a test card. */
export function tokenCardBehaviour(typed: string): TokenCardBehaviour | undefined {
  const digits = typed.replace(/\D/g, '');
  return SANDBOX_TOKEN_CARDS.find((card) => card.number.replace(/\s/g, '') === digits)?.behaviour;
}

/** A card number as gateways mask it: the first six and the last four digits. */
export function maskCard(typed: string): string {
  const digits = typed.replace(/\D/g, '');
  return `${digits.slice(0, 6)}${'*'.repeat(Math.max(0, digits.length - 10))}${digits.slice(-4)}`;
}
