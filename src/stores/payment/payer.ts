import { persistentAtom } from '@nanostores/persistent';
import { onSignOut } from '../auth/account.ts';

// Issue 24, item 3: a returning payer types nothing. The checkout starts with the name and e-mail of
// the last payment made in this browser, else those the server knows (the user's last payment, or the
// account's e-mail), else the account's own. Kept for the user who paid: another user of the same
// browser (or the same person after signing out) starts from their own.

/** The payer this browser last paid as, and for which user. */
export type RememberedPayer = { userId: string; fio: string; email: string };

const NOBODY: RememberedPayer = { userId: '', fio: '', email: '' };

/** Reads the stored JSON; anything unreadable is nobody. */
export function decodePayer(text: string): RememberedPayer {
  try {
    const value = JSON.parse(text) as Partial<RememberedPayer>;
    const field = (name: keyof RememberedPayer) => (typeof value[name] === 'string' ? value[name] : '');
    return { userId: field('userId'), fio: field('fio').slice(0, 120), email: field('email').slice(0, 254) };
  } catch {
    return { ...NOBODY };
  }
}

/** The last payer of this browser (local storage `payer`). */
export const $rememberedPayer = persistentAtom<RememberedPayer>('payer', { ...NOBODY }, { encode: JSON.stringify, decode: decodePayer });

onSignOut(() => $rememberedPayer.set({ ...NOBODY }));

/** Remembers who just started a payment. */
export function rememberPayer(userId: string, fio: string, email: string): void {
  $rememberedPayer.set({ userId, fio: fio.trim(), email: email.trim() });
}

/** A name and an e-mail to start the form with, or empty ones. */
export type PayerFields = { fio: string; email: string };

/**
 * The fields the checkout starts with, best first: what this browser remembers for this user, what
 * the server knows (its last payment, or the account's e-mail), what the account says.
 */
export function initialPayer(userId: string, server: PayerFields | null | undefined, account: PayerFields): PayerFields {
  const remembered = $rememberedPayer.get();
  const local = remembered.userId === userId && userId !== '' ? remembered : undefined;
  const pick = (field: keyof PayerFields) => [local?.[field], server?.[field], account[field]].find((value) => value !== undefined && value.trim() !== '') ?? '';
  return { fio: pick('fio'), email: pick('email') };
}
