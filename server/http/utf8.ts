import { ApiError } from './apiError.ts';

// The platform's decoders (Request.text(), formData(), URLSearchParams) replace bytes that are not
// UTF-8 with U+FFFD and carry on, so a broken request was stored with "�" where the user's text was.
// Every text the API reads goes through these instead: a request that is not UTF-8 is refused whole.

/** The refusal of a request whose body or query string is not UTF-8. */
export const NOT_UTF8_MESSAGE = 'Запрос содержит текст не в кодировке UTF-8';

/** Throws on the first byte sequence that is not UTF-8 (overlong forms and surrogates included). */
const strict = new TextDecoder('utf-8', { fatal: true });

/** The bytes as UTF-8 text; a 400 with the Russian envelope when they are not UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return strict.decode(bytes);
  } catch {
    throw new ApiError(400, NOT_UTF8_MESSAGE);
  }
}

const HEX = /^[0-9A-Fa-f]{2}$/;

/**
 * WHATWG percent-decoding (a '%' not followed by two hex digits stays as it is, '+' is a space in
 * forms), except that the bytes must be UTF-8: `%C3%28` is refused, not turned into "�(".
 */
export function percentDecode(text: string, plusIsSpace = true): string {
  if (!text.includes('%')) return plusIsSpace ? text.replaceAll('+', ' ') : text;
  const input = new TextEncoder().encode(plusIsSpace ? text.replaceAll('+', ' ') : text);
  const out = new Uint8Array(input.length);
  let length = 0;
  for (let i = 0; i < input.length; i++) {
    const byte = input[i] as number;
    const hex = String.fromCharCode(input[i + 1] ?? 0, input[i + 2] ?? 0);
    if (byte === 0x25 && HEX.test(hex)) {
      out[length++] = Number.parseInt(hex, 16);
      i += 2;
    } else out[length++] = byte;
  }
  return decodeUtf8(out.subarray(0, length));
}

/** The name/value pairs of an application/x-www-form-urlencoded text (a form body or a query string), in order. */
export function urlEncodedPairs(text: string): [string, string][] {
  const pairs: [string, string][] = [];
  for (const part of text.split('&')) {
    if (part === '') continue;
    const at = part.indexOf('=');
    pairs.push(at === -1 ? [percentDecode(part), ''] : [percentDecode(part.slice(0, at)), percentDecode(part.slice(at + 1))]);
  }
  return pairs;
}
