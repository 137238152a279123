/** Text as Windows-1251 bytes, as Russian Excel saves «CSV (разделители — запятые)»: Cyrillic, «№», quotes and ASCII. */
export function cp1251(text: string): Uint8Array<ArrayBuffer> {
  const special: Record<string, number> = { Ё: 0xa8, ё: 0xb8, '№': 0xb9, '«': 0xab, '»': 0xbb, '—': 0x97, '–': 0x96 };
  return Uint8Array.from([...text], (ch) => {
    const code = ch.codePointAt(0) ?? 0;
    if (code < 0x80) return code;
    if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
    const byte = special[ch];
    if (byte === undefined) throw new Error(`no Windows-1251 byte for ${ch}`);
    return byte;
  });
}
