import { toText } from './text.ts';

// Spec §3: names are normalised to capitalised Cyrillic letters and spaces only (we also keep the
// hyphen of a double surname); the full name (fio) is three words: surname, name, patronymic; the
// user's name comes from the first document with a full name, vehicles first, then licences.

/** A full name split into its three parts. */
export interface Fio {
  readonly surname: string;
  readonly name: string;
  readonly patronymic: string;
}

/**
 * The name fields a document may carry. Vehicles (СТС) and licences either have the three parts
 * (surname, name, patronymic — as the API sends them for licences and ИНН) or one full-name string
 * (`driverName` on licences, `ownerName` on vehicles). Any of them may be missing or null.
 */
export interface NamedDocument {
  readonly surname?: string | null | undefined;
  readonly name?: string | null | undefined;
  readonly patronymic?: string | null | undefined;
  readonly driverName?: string | null | undefined;
  readonly ownerName?: string | null | undefined;
}

/** The documents displayName looks through: vehicles first, then driver licences; any object is accepted (an СТС without name fields simply has no name). */
export interface NamedDocuments {
  readonly transport?: readonly (NamedDocument | object)[] | undefined;
  readonly driverLicenses?: readonly (NamedDocument | object)[] | undefined;
}

/** Capitalises one word, each part of a double name too: 'иВАНОВ' → 'Иванов', 'салтыков-щедрин' → 'Салтыков-Щедрин'. */
function capitalise(word: string): string {
  return word
    .split('-')
    .filter((part) => part !== '')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1).toLowerCase())
    .join('-');
}

/**
 * Capitalised Cyrillic words separated by single spaces: 'иВАНОВ  иван-' → 'Иванов Иван'. Every
 * character other than a Cyrillic letter or a space is dropped, except a hyphen between two letters,
 * kept for double surnames (Салтыков-Щедрин) so that they stay one word of the three.
 */
export function normalizeName(value: unknown): string {
  return toText(value)
    .normalize('NFC')
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/[^А-Яа-яЁё\s-]/g, '')
    .split(/\s+/)
    .map(capitalise)
    .filter((word) => word !== '')
    .join(' ');
}

/** The three parts of a full name after normalisation, or undefined unless it is exactly three words. */
export function splitFio(fio: unknown): Fio | undefined {
  const words = normalizeName(fio).split(' ');
  if (words.length !== 3) return undefined;
  const [surname = '', name = '', patronymic = ''] = words;
  return { surname, name, patronymic };
}

/** The normalised full name of one document, or undefined when it has none. */
export function documentFullName(document: NamedDocument | object): string | undefined {
  const doc: NamedDocument = document;
  const parts = [doc.surname, doc.name, doc.patronymic].map(normalizeName);
  if (parts.every((part) => part !== '')) {
    const fio = splitFio(parts.join(' '));
    if (fio !== undefined) return `${fio.surname} ${fio.name} ${fio.patronymic}`;
  }
  for (const whole of [doc.driverName, doc.ownerName]) {
    const fio = splitFio(whole);
    if (fio !== undefined) return `${fio.surname} ${fio.name} ${fio.patronymic}`;
  }
  return undefined;
}

/** The user's display name: the full name of the first document that has one, vehicles first, then licences; undefined when none does. */
export function displayName(documents: NamedDocuments): string | undefined {
  for (const document of [...(documents.transport ?? []), ...(documents.driverLicenses ?? [])]) {
    const fullName = documentFullName(document);
    if (fullName !== undefined) return fullName;
  }
  return undefined;
}
