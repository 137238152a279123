import { createDeflateRaw, crc32 } from 'node:zlib';

/** One file of a test archive: its text in pieces (a generator can make hundreds of MB), optionally a size to claim instead of the real one, or stored unpacked. */
export type ZipPart = { name: string; pieces: Iterable<string | Uint8Array>; declaredSize?: number; stored?: boolean };

/** Deflates the pieces as a stream (a 300 MB sheet never sits in memory whole); answers the packed bytes, the real size and the CRC. */
async function deflate(pieces: Iterable<string | Uint8Array>): Promise<{ packed: Buffer; size: number; crc: number }> {
  const deflater = createDeflateRaw({ level: 9, memLevel: 9 });
  const out: Buffer[] = [];
  deflater.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = new Promise((resolve, reject) => {
    deflater.on('end', resolve);
    deflater.on('error', reject);
  });
  let size = 0;
  let crc = 0;
  let batch: Uint8Array[] = [];
  let batched = 0;
  // Many small pieces (a row each) go to zlib in batches of about 64 KB: one write per row is very slow.
  const flush = async () => {
    const bytes = Buffer.concat(batch);
    batch = [];
    batched = 0;
    size += bytes.length;
    crc = crc32(bytes, crc);
    if (!deflater.write(bytes)) await new Promise((resolve) => deflater.once('drain', resolve));
  };
  for (const piece of pieces) {
    const bytes = typeof piece === 'string' ? Buffer.from(piece) : piece;
    batch.push(bytes);
    batched += bytes.length;
    if (batched >= 65_536) await flush();
  }
  await flush();
  deflater.end();
  await ended;
  return { packed: Buffer.concat(out), size, crc };
}

/** The pieces as they are, for a stored (method 0) entry. */
function storedBytes(pieces: Iterable<string | Uint8Array>): { packed: Buffer; size: number; crc: number } {
  const packed = Buffer.concat([...pieces].map((piece) => (typeof piece === 'string' ? Buffer.from(piece) : piece)));
  return { packed, size: packed.length, crc: crc32(packed) };
}

/** A ZIP archive (deflated or stored entries) of the parts, sizes as claimed: what an attacker can send as an .xlsx. */
export async function zipFile(parts: readonly ZipPart[]): Promise<Uint8Array<ArrayBuffer>> {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const { packed, size, crc } = part.stored ? storedBytes(part.pieces) : await deflate(part.pieces);
    const method = part.stored ? 0 : 8;
    const claimed = part.declaredSize ?? size;
    const name = Buffer.from(part.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(claimed, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(claimed, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

/** `text` repeated `times` times, in pieces of about 64 KB: the body of a sheet bomb without building the whole string. */
export function* repeated(text: string, times: number): Generator<string> {
  const perPiece = Math.max(1, Math.floor(65_536 / text.length));
  const piece = text.repeat(perPiece);
  let left = times;
  for (; left >= perPiece; left -= perPiece) yield piece;
  if (left > 0) yield text.repeat(left);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/**
 * A minimal XLSX: one sheet whose rows are given in pieces, and shared strings when given; sizes of
 * the sheet and the strings may be claimed falsely.
 */
export function xlsxFile(sheet: { rows: Iterable<string>; declaredSize?: number }, sharedStrings?: { pieces: Iterable<string>; declaredSize?: number }): Promise<Uint8Array<ArrayBuffer>> {
  const rels = [`<Relationship Id="rId1" Type="${OFFICE}/worksheet" Target="worksheets/sheet1.xml"/>`];
  if (sharedStrings !== undefined) rels.push(`<Relationship Id="rId2" Type="${OFFICE}/sharedStrings" Target="sharedStrings.xml"/>`);
  const parts: ZipPart[] = [
    {
      name: '[Content_Types].xml',
      pieces: [
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
      ],
    },
    { name: '_rels/.rels', pieces: [`<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${OFFICE}/officeDocument" Target="xl/workbook.xml"/></Relationships>`] },
    { name: 'xl/workbook.xml', pieces: [`<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${OFFICE}"><sheets><sheet name="Автопарк" sheetId="1" r:id="rId1"/></sheets></workbook>`] },
    { name: 'xl/_rels/workbook.xml.rels', pieces: [`<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${RELS}">${rels.join('')}</Relationships>`] },
    {
      name: 'xl/worksheets/sheet1.xml',
      pieces: (function* () {
        yield `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>`;
        yield* sheet.rows;
        yield '</sheetData></worksheet>';
      })(),
      ...(sheet.declaredSize === undefined ? {} : { declaredSize: sheet.declaredSize }),
    },
  ];
  if (sharedStrings !== undefined) {
    parts.push({
      name: 'xl/sharedStrings.xml',
      pieces: (function* () {
        yield `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}">`;
        yield* sharedStrings.pieces;
        yield '</sst>';
      })(),
      ...(sharedStrings.declaredSize === undefined ? {} : { declaredSize: sharedStrings.declaredSize }),
    });
  }
  return zipFile(parts);
}
