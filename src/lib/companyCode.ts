import { isValidInn } from './inn.ts';
import { normalizeInn } from './normalize.ts';
import { VALIDATION_MESSAGES } from './validationMessages.ts';

/** Spec §5: the lookup cannot find a company because the code must be 10 digits long. */
export const COMPANY_CODE_LENGTH_MESSAGE = 'Не удалось найти компанию: ИНН должен состоять из 10 цифр';

/** Spec §5: updating an organization without an ИНН. */
export const INN_REQUIRED_MESSAGE = 'ИНН обязателен к заполнению';

/** What a company lookup searches for, or why it cannot. */
export type CompanyCodeKind =
  | { readonly kind: 'organization' | 'individual'; readonly inn: string }
  | { readonly error: string };

/**
 * Spec §5 company-code lookup rule: a number is converted to a string (spaces and dashes are
 * removed from text); 10 characters mean an organization, 12 an individual (sole trader); any other
 * length gets COMPANY_CODE_LENGTH_MESSAGE, and a code of the right length that is not a valid ИНН
 * (non-digits or a wrong check digit) gets 'Некорректный ИНН'.
 */
export function companyCodeKind(value: unknown): CompanyCodeKind {
  const inn = typeof value === 'number' || typeof value === 'string' ? normalizeInn(value) : '';
  if (inn.length !== 10 && inn.length !== 12) return { error: COMPANY_CODE_LENGTH_MESSAGE };
  if (!isValidInn(inn)) return { error: VALIDATION_MESSAGES.inn };
  return { kind: inn.length === 10 ? 'organization' : 'individual', inn };
}
