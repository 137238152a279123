import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import type { StaticFile } from './staticFiles.ts';

// Brotli makes the built pages and scripts a sixth to a fifth smaller than the gzip the compress
// middleware streams (the fine page: 15.1 → 12.8 KB, under the 14 KB a new connection carries in its
// first round trip; issue 27). At the quality that gains it, compressing costs tens of milliseconds, so
// each file is compressed once per version, off the event loop, and kept in memory.

const compress = promisify(brotliCompress);

/** The extensions worth compressing: text. Images other than SVG, fonts and archives are compressed already. */
const TEXT_FILES = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.xml', '.txt', '.webmanifest', '.map', '.yml']);

/** Smaller files gain nothing from compression (the same threshold as the compress middleware). */
const MIN_BYTES = 1024;

/** Up to this size the best quality (11) is used; above, quality 9, which is ten times faster for a few percent more. */
const BEST_QUALITY_MAX_BYTES = 96 * 1024;

/** Whether the request accepts brotli (`br` named with a weight above zero). */
export function acceptsBrotli(request: Request): boolean {
  const header = request.headers.get('accept-encoding');
  if (header === null) return false;
  return header.split(',').some((part) => {
    const [coding = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (coding !== 'br') return false;
    const weight = params.find((param) => param.startsWith('q='));
    return weight === undefined || Number(weight.slice(2)) > 0;
  });
}

/** Brotli copies of the built text files, made on first request. */
export type BrotliFiles = {
  /** The file's brotli bytes, or undefined for a file not worth compressing. */
  get(file: StaticFile): Promise<Buffer | undefined>;
};

/** Keeps at most `maxBytes` of compressed files in memory; the oldest made goes first. */
export function createBrotliFiles({ maxBytes = 32 * 1024 * 1024 }: { maxBytes?: number } = {}): BrotliFiles {
  const made = new Map<string, Promise<Buffer>>();
  const sizes = new Map<string, number>();
  let total = 0;
  const forget = (key: string) => {
    made.delete(key);
    total -= sizes.get(key) ?? 0;
    sizes.delete(key);
  };
  return {
    async get(file) {
      if (file.size < MIN_BYTES || !TEXT_FILES.has(extname(file.path).toLowerCase())) return undefined;
      // A new build writes new files: the version is part of the key, and the old version's copy is dropped.
      const key = `${file.path}\0${file.size}\0${file.mtimeMs}`;
      const existing = made.get(key);
      if (existing !== undefined) return existing;
      for (const old of made.keys()) if (old.startsWith(`${file.path}\0`)) forget(old);
      const quality = file.size <= BEST_QUALITY_MAX_BYTES ? 11 : 9;
      const making = readFile(file.path).then((bytes) =>
        compress(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }),
      );
      made.set(key, making);
      try {
        const bytes = await making;
        if (made.get(key) === making && !sizes.has(key)) {
          sizes.set(key, bytes.length);
          total += bytes.length;
          for (const oldest of made.keys()) {
            if (total <= maxBytes) break;
            if (oldest !== key) forget(oldest);
          }
        }
        return bytes;
      } catch (error) {
        // A file removed meanwhile (a new build): the next request looks again.
        if (made.get(key) === making) forget(key);
        throw error;
      }
    },
  };
}
