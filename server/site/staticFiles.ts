import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { Readable } from 'node:stream';
import { cacheControlFor } from '../../src/lib/securityHeaders.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json; charset=utf-8',
  '.yml': 'text/yaml; charset=utf-8',
};

/** A file of dist/ found for a URL path. */
export type StaticFile = { path: string; size: number; mtimeMs: number };

/** Maps a URL path to a file inside `root` ('/about/' → about/index.html); never leaves `root`. */
export async function findStaticFile(root: string, urlPath: string): Promise<StaticFile | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const relative = decoded.endsWith('/') ? `${decoded}index.html` : decoded;
  const full = normalize(join(root, relative));
  if (full !== root && !full.startsWith(root.endsWith(sep) ? root : root + sep)) return undefined;
  try {
    const info = await stat(full);
    return info.isFile() ? { path: full, size: info.size, mtimeMs: info.mtimeMs } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Builds the response for a static file: type, cache policy, ETag, 304 on a matching If-None-Match.
 * With `brotli` (the file's compressed bytes, for a request that accepts them) those bytes are sent,
 * under their own ETag, and caches are told the answer varies with Accept-Encoding.
 */
export function fileResponse(file: StaticFile, request: Request, urlPath: string, status = 200, brotli?: Buffer): Response {
  const etag = `W/"${file.size.toString(16)}-${Math.floor(file.mtimeMs).toString(16)}${brotli === undefined ? '' : '-br'}"`;
  const headers = new Headers({
    'Content-Type': TYPES[extname(file.path).toLowerCase()] ?? 'application/octet-stream',
    'Cache-Control': cacheControlFor(urlPath),
    ETag: etag,
  });
  if (brotli !== undefined) {
    headers.set('Content-Encoding', 'br');
    headers.set('Vary', 'Accept-Encoding');
  }
  if (status === 200 && request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
  headers.set('Content-Length', String(brotli?.length ?? file.size));
  if (request.method === 'HEAD') return new Response(null, { status, headers });
  if (brotli !== undefined) return new Response(new Uint8Array(brotli), { status, headers });
  const body = Readable.toWeb(createReadStream(file.path)) as ReadableStream<Uint8Array>;
  return new Response(body, { status, headers });
}
