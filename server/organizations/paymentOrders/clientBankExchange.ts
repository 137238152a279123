// The 1CClientBankExchange text format (1С's «Стандарт обмена с системами клиент-банка», version
// 1.03): lines «Ключ=Значение» in Windows-1251 with CRLF, a header, then one section per document
// («СекцияДокумент=Платежное поручение» … «КонецДокумента») and «КонецФайла». Bank clients import
// payment orders in it, and export statements in it. Both directions live here.

/** The first line of every file of the format. */
export const EXCHANGE_SIGNATURE = '1CClientBankExchange';

/** Windows-1251 bytes 0x80–0xFF by character (built from the runtime's own decoder). */
const CP1251: ReadonlyMap<string, number> = (() => {
  const decoder = new TextDecoder('windows-1251');
  const table = new Map<string, number>();
  for (let byte = 0x80; byte <= 0xff; byte++) table.set(decoder.decode(Uint8Array.of(byte)), byte);
  return table;
})();

/** Text as Windows-1251 bytes; a character the code page lacks becomes «?» (bank clients accept nothing else). */
export function encodeWindows1251(text: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(text.length);
  let length = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0x3f;
    out[length++] = code < 0x80 ? code : (CP1251.get(ch) ?? 0x3f);
  }
  return out.slice(0, length);
}

/** One document of a file: its kind (the value of СекцияДокумент) and its fields in order. */
export type ExchangeDocument = { kind: string; fields: readonly (readonly [string, string])[] };

/** A value on one line: line breaks and «=»-free keys are the format's only syntax. */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

/** The file's text: the header's fields, each document's section, the end; CRLF after every line. */
export function exchangeText(header: readonly (readonly [string, string])[], documents: readonly ExchangeDocument[]): string {
  const lines = [EXCHANGE_SIGNATURE, ...header.map(([key, value]) => `${key}=${oneLine(value)}`)];
  for (const document of documents) {
    lines.push(`СекцияДокумент=${document.kind}`);
    for (const [key, value] of document.fields) lines.push(`${key}=${oneLine(value)}`);
    lines.push('КонецДокумента');
  }
  lines.push('КонецФайла');
  return `${lines.join('\r\n')}\r\n`;
}

/** A file read back: the header, the accounts' sections (statements), the documents. */
export type ExchangeFile = { header: ReadonlyMap<string, string>; accounts: ReadonlyMap<string, string>[]; documents: { kind: string; fields: ReadonlyMap<string, string> }[] };

/** Why a file is not of the format (a 4xx for the uploader). */
export class ExchangeFormatError extends Error {}

/**
 * Reads a file of the format: Windows-1251 unless it says «Кодировка=DOS» (CP866) or starts with a
 * UTF-8 BOM; CRLF or LF. Refuses what does not start with the signature or has a section left open.
 */
export function readExchangeFile(bytes: Uint8Array): ExchangeFile {
  const utf8 = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  let text = new TextDecoder(utf8 ? 'utf-8' : 'windows-1251').decode(utf8 ? bytes.subarray(3) : bytes);
  if (!utf8 && /^Кодировка=DOS\s*$/m.test(text)) text = new TextDecoder('ibm866').decode(bytes);
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  if (lines[0] !== EXCHANGE_SIGNATURE) throw new ExchangeFormatError('Это не файл обмена с банком: первая строка должна быть «1CClientBankExchange»');
  const header = new Map<string, string>();
  const accounts: Map<string, string>[] = [];
  const documents: { kind: string; fields: Map<string, string> }[] = [];
  let open: { kind: 'account'; fields: Map<string, string> } | { kind: 'document'; name: string; fields: Map<string, string> } | undefined;
  let ended = false;
  for (const line of lines.slice(1)) {
    if (line === '') continue;
    if (line === 'КонецФайла') {
      ended = true;
      break;
    }
    if (line === 'СекцияРасчСчет') {
      open = { kind: 'account', fields: new Map() };
      continue;
    }
    if (line === 'КонецРасчСчет' || line === 'КонецДокумента') {
      if (open === undefined) throw new ExchangeFormatError(`Строка «${line}» без начала секции`);
      if (open.kind === 'account') accounts.push(open.fields);
      else documents.push({ kind: open.name, fields: open.fields });
      open = undefined;
      continue;
    }
    const at = line.indexOf('=');
    if (at <= 0) continue; // the standard lets readers skip what they do not know
    const key = line.slice(0, at);
    const value = line.slice(at + 1);
    if (key === 'СекцияДокумент') {
      if (open !== undefined) throw new ExchangeFormatError('Секция документа не закрыта строкой «КонецДокумента»');
      open = { kind: 'document', name: value, fields: new Map() };
      continue;
    }
    (open?.fields ?? header).set(key, value);
  }
  if (open !== undefined) throw new ExchangeFormatError('Файл оборван: секция не закрыта');
  if (!ended) throw new ExchangeFormatError('Файл оборван: нет строки «КонецФайла»');
  return { header, accounts, documents };
}
