import { createHash } from 'node:crypto';
import { createReadStream, readFileSync, statSync } from 'node:fs';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

/** Files the web build compresses beforehand (scripts/compress.mjs): text, not images or fonts. */
const COMPRESSED = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt']);

export interface ServedFile {
  path: string;
  size: number;
  encoding: 'br' | 'gzip' | null;
  contentType: string;
}

/**
 * The built cabinet on disk. Every file is looked up under the build folder only (no `..`), and its
 * `.br` or `.gz` twin, written at build time, is chosen by the request's Accept-Encoding.
 */
export class CabinetFiles {
  private page: { html: Buffer; etag: string } | null = null;

  constructor(readonly dir: string) {}

  /** index.html, read once; null while the cabinet is not built (checked again on each call until it is). */
  indexPage(): { html: Buffer; etag: string } | null {
    if (this.page) return this.page;
    try {
      const html = readFileSync(join(this.dir, 'index.html'));
      this.page = { html, etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"` };
    } catch {
      return null;
    }
    return this.page;
  }

  /** The file at a URL path (`/assets/index-abc.js`), compressed when the client takes it; null when absent. */
  find(urlPath: string, acceptEncoding: IncomingHttpHeaders['accept-encoding']): ServedFile | null {
    const relative = normalize(decodeURIComponentSafe(urlPath)).replace(/^[/\\]+/, '');
    if (!relative || relative.startsWith('..') || relative.includes(`${sep}..`)) return null;
    const path = join(this.dir, relative);
    const ext = extname(path);
    const contentType = CONTENT_TYPES[ext] ?? 'application/octet-stream';
    const accepts = String(acceptEncoding ?? '');
    if (COMPRESSED.has(ext)) {
      for (const [encoding, suffix] of [
        ['br', '.br'],
        ['gzip', '.gz'],
      ] as const) {
        if (!accepts.includes(encoding)) continue;
        const size = fileSize(path + suffix);
        if (size !== null) return { path: path + suffix, size, encoding, contentType };
      }
    }
    const size = fileSize(path);
    return size === null ? null : { path, size, encoding: null, contentType };
  }

  send(file: ServedFile, res: ServerResponse, head: boolean): void {
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Length', file.size);
    res.setHeader('Vary', 'Accept-Encoding');
    if (file.encoding) res.setHeader('Content-Encoding', file.encoding);
    if (head) {
      res.end();
      return;
    }
    createReadStream(file.path)
      .on('error', () => res.destroy())
      .pipe(res);
  }
}

function fileSize(path: string): number | null {
  try {
    const stat = statSync(path);
    return stat.isFile() ? stat.size : null;
  } catch {
    return null;
  }
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
