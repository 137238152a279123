import { createInflateRaw } from 'node:zlib';
import { ApiError } from '../http/apiError.ts';

/**
 * Reading the ZIP container of an uploaded XLSX without trusting it: the central directory is
 * checked (number of entries, sizes, compression ratios) before anything is unpacked, and each entry
 * is unpacked as a stream that stops as soon as it gives more than it claimed or than the limit —
 * a 1 MB file that unpacks to gigabytes costs a few megabytes of work.
 */

/** Limits an uploaded archive must keep to before anything in it is unpacked. */
export type ZipLimits = {
  /** Most entries (files and folders) its directory may list. */
  maxEntries: number;
  /** Most bytes one entry may unpack to: its declared size, and again its real output. */
  maxEntryBytes: number;
  /** Most bytes all entries together may declare. */
  maxTotalBytes: number;
  /** Largest unpacked-to-packed ratio of an entry that declares more than `ratioFromBytes`. */
  maxRatio: number;
  /** Entries smaller than this are not held to the ratio (a tiny, very regular XML part packs well and costs nothing). */
  ratioFromBytes: number;
};

/** One file of an archive, as its central directory describes it. */
export type ZipEntry = { name: string; method: 0 | 8; packedSize: number; size: number; localOffset: number };

/** An archive whose directory passed the limits: its bytes and its entries by name. */
export type ZipArchive = { data: Uint8Array; entries: ReadonlyMap<string, ZipEntry> };

/** The reply for anything that is not a readable ZIP (a renamed file, a cut one, ZIP64, encryption). */
export const UNREADABLE = 'Файл не читается как XLSX. Сохраните таблицу заново и попробуйте ещё раз';
const DAMAGED = 'Файл XLSX повреждён: его части не распаковываются так, как записано в архиве. Сохраните таблицу заново и попробуйте ещё раз';

/** Bytes handed on at a time: small enough that each step of the work is short and the event loop turns between steps. */
const CHUNK_BYTES = 64 * 1024;

const unreadable = () => new ApiError(422, UNREADABLE);
const damaged = () => new ApiError(422, DAMAGED);
const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

/** Reads and checks the central directory; throws a 4xx ApiError for anything outside the limits or not a ZIP. */
export function openZip(data: Uint8Array, limits: ZipLimits): ZipArchive {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  // The end record is the last 22 bytes, or earlier by the length of a comment (at most 65 535 bytes).
  let end = -1;
  for (let at = data.length - 22; at >= Math.max(0, data.length - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) === 0x06054b50 && at + 22 + view.getUint16(at + 20, true) === data.length) {
      end = at;
      break;
    }
  }
  if (end < 0) throw unreadable();
  const count = view.getUint16(end + 10, true);
  const directorySize = view.getUint32(end + 12, true);
  const directoryStart = view.getUint32(end + 16, true);
  // 0xFFFF / 0xFFFFFFFF mean ZIP64: no spreadsheet of a couple of megabytes needs it.
  if (count === 0xffff || directoryStart === 0xffffffff || directoryStart + directorySize > end) throw unreadable();
  if (count > limits.maxEntries) throw new ApiError(413, `В файле XLSX слишком много частей (больше ${limits.maxEntries}). Сохраните в новый файл только таблицу с автомобилями`);
  const entries = new Map<string, ZipEntry>();
  const names = new TextDecoder('utf-8', { fatal: false });
  let total = 0;
  let at = directoryStart;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || view.getUint32(at, true) !== 0x02014b50) throw unreadable();
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const packedSize = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const localOffset = view.getUint32(at + 42, true);
    if (at + 46 + nameLength > end) throw unreadable();
    const name = names.decode(data.subarray(at + 46, at + 46 + nameLength));
    // Bit 0: encrypted. Methods other than stored and deflate are not what spreadsheet programs write.
    if ((flags & 1) !== 0 || (method !== 0 && method !== 8) || packedSize === 0xffffffff || size === 0xffffffff || localOffset + 30 > directoryStart) throw unreadable();
    if (entries.has(name)) throw unreadable();
    if (size > limits.maxEntryBytes) throw new ApiError(413, `Файл слишком большой после распаковки: одна его часть занимает больше ${megabytes(limits.maxEntryBytes)} МБ. Оставьте в нём только таблицу с автомобилями`);
    if (size > limits.ratioFromBytes && size > packedSize * limits.maxRatio) throw new ApiError(413, `Файл сжат подозрительно сильно: после распаковки он больше в ${Math.floor(size / Math.max(1, packedSize))} раз. Такие файлы не принимаем — сохраните таблицу заново`);
    total += size;
    if (total > limits.maxTotalBytes) throw new ApiError(413, `Файл слишком большой после распаковки: больше ${megabytes(limits.maxTotalBytes)} МБ. Оставьте в нём только таблицу с автомобилями`);
    entries.set(name, { name, method, packedSize, size, localOffset });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return { data, entries };
}

/** Where an entry's packed bytes are: after its local header, whose name and extra field may differ in length from the directory's. */
function packedBytes(archive: ZipArchive, entry: ZipEntry): Uint8Array {
  const { data } = archive;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const at = entry.localOffset;
  if (view.getUint32(at, true) !== 0x04034b50) throw damaged();
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (start + entry.packedSize > data.length) throw damaged();
  return data.subarray(start, start + entry.packedSize);
}

/**
 * An entry's unpacked bytes as a stream of chunks. Stops with a 4xx as soon as the output passes the
 * size the directory declared (a lie the limits were checked against) or `maxBytes`; a consumer that
 * has read enough simply stops iterating and the rest is never unpacked.
 */
export async function* unpack(archive: ZipArchive, entry: ZipEntry, maxBytes: number): AsyncGenerator<Uint8Array> {
  const packed = packedBytes(archive, entry);
  if (entry.size > maxBytes) throw new ApiError(413, `Файл слишком большой после распаковки: одна его часть занимает больше ${megabytes(maxBytes)} МБ. Оставьте в нём только таблицу с автомобилями`);
  if (entry.method === 0) {
    if (packed.length !== entry.size) throw damaged();
    for (let at = 0; at < packed.length; at += CHUNK_BYTES) yield packed.subarray(at, at + CHUNK_BYTES);
    return;
  }
  const inflater = createInflateRaw({ chunkSize: CHUNK_BYTES });
  // The whole packed entry goes in at once (it is at most the 2 MB upload); zlib honours the reader's
  // pace within one input, so output is produced only as fast as it is consumed.
  inflater.end(packed);
  let total = 0;
  try {
    for await (const chunk of inflater as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > entry.size) throw damaged();
      yield chunk;
    }
  } catch (error) {
    throw error instanceof ApiError ? error : damaged();
  } finally {
    inflater.destroy();
  }
  if (total !== entry.size) throw damaged();
}
