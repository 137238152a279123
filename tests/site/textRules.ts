// The rules the site's texts are checked against (issue 24 item 20): Latin words only where Russian
// writes them too, none of the typos people have reported, and non-breaking spaces where Russian
// typography keeps words together. tests/site/texts.test.ts applies them to every built page and to
// the Russian strings of the islands and stores.

/**
 * Latin words a Russian page may carry, each for a reason: names of brands, products and standards
 * that Russian writes in Latin, and the units and codes of the documents themselves.
 */
export const LATIN_ALLOWED: ReadonlySet<string> = new Set([
  // the vehicle identification number, and the letters a VIN never has (I, O, Q)
  'VIN', 'I', 'O', 'Q',
  // file formats and technical standards a visitor meets
  'API', 'CSV', 'XLSX', 'PDF', 'JSON', 'HTTP', 'HTTPS', 'https', 'QR', 'GPS', 'SMS', 'IP', 'MCC', 'ISOFIX', 'GAP',
  // the text encodings of a spreadsheet file, by the names Excel and the import's hint give them
  'UTF-8', 'Windows-1251',
  // the bank-client exchange format by its own name, «1CClientBankExchange» (the digit is read apart)
  'CClientBankExchange',
  // the card's security code and 3-D Secure
  'CVC', 'CVV', 'D', 'Secure',
  // words Russian takes as they are
  'e-mail', 'E-mail', 'push', 'Push', 'cookie', 'cookies',
  // brands and programs
  // the sign-in services by their own names (issue 29): «Яндекс ID», «VK ID»
  'ID', 'VK',
  'JavaScript', 'Excel', 'Chrome', 'Edge', 'Firefox', 'Safari', 'Google', 'Play', 'App', 'Store', 'OpenStreetMap',
  // the map background's source, credited by its own name (public domain data)
  'Natural', 'Earth',
  // the winter-tyre marks M+S and the snowflake's C
  'M', 'S', 'C',
]);

/** Latin that is data, not words: a sample VIN, a driver's licence field number ('пункт 4a'). */
const LATIN_DATA = /^(?:[A-HJ-NPR-Z0-9]{17}|[a-c])$/;

/** The Latin words of a text that are not allowed; e-mail and web addresses and markup are skipped. */
export function strayLatin(text: string): string[] {
  const cleaned = text
    .replace(/<\/?[a-z][^>]*>|&[a-z]+;/gi, ' ') // markup an island writes as a string
    .replace(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/\b(?:[\w-]+\.)+(?:ru|com|org|net)\b/g, ' ')
    .replace(/(?<=\d)[a-c]\b/g, ' '); // 'пункт 4a' of the licence
  return [...cleaned.matchAll(/[A-Za-z](?:[A-Za-z0-9'’-]*[A-Za-z0-9])?/g)].map((m) => m[0]).filter((word) => !LATIN_ALLOWED.has(word) && !LATIN_DATA.test(word));
}

/** Typos and slips found on the site before (and their kin): each with what it should be. */
export const TYPOS: readonly { pattern: RegExp; fix: string }[] = [
  { pattern: /видьте/i, fix: 'видите' },
  { pattern: /извените/i, fix: 'извините' },
  { pattern: /пожалуста/i, fix: 'пожалуйста' },
  { pattern: /вообщем/i, fix: 'в общем' },
  { pattern: /здраствуйте/i, fix: 'здравствуйте' },
  { pattern: /расчит(?:ать|ыва)/i, fix: 'рассчитать' },
  { pattern: /в течении \d/i, fix: 'в течение' },
  // a dash glued to the word after it, as in «скидка, —подключить» (Markdown or a template lost the space)
  { pattern: /(?:^|[\s,])—[А-Яа-яЁё]/m, fix: 'пробел после тире' },
  { pattern: /[А-Яа-яЁё,]—(?=\s)/, fix: 'пробел перед тире' },
];

/** The places where an ordinary space must be a non-breaking one (src/lib/text.ts withNbsp writes them). */
export const NBSP_MISSES: readonly { pattern: RegExp; rule: string }[] = [
  { pattern: /№ (?=\S)/, rule: 'после «№»' },
  { pattern: /\d (?:гг?\.)/, rule: 'перед «г.»' },
  { pattern: /[^\s,] ₽/, rule: 'перед «₽»' },
  { pattern: /(?<![\d.,])\d{1,3} \d{3}(?!\d)/, rule: 'внутри суммы' },
];
