import { request } from 'node:http';

export interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * A request written chunk by chunk with full control of its headers (a declared length that is
 * never sent, chunked bodies without a length). Resolves with the first answer; errors after it
 * (the server closing a refused upload) are ignored.
 */
export function rawRequest(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string | number>;
    chunks?: Iterable<Buffer>;
    keepOpen?: boolean;
  },
): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = request(url, { method: options.method ?? 'POST', headers: options.headers, agent: false }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
        req.destroy();
      });
      res.on('error', reject);
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const chunks = (options.chunks ?? [])[Symbol.iterator]();
    const writeMore = (): void => {
      for (let next = chunks.next(); !next.done; next = chunks.next()) {
        if (answered || req.destroyed) return;
        if (!req.write(next.value)) {
          req.once('drain', writeMore);
          return;
        }
      }
      if (!options.keepOpen) req.end();
    };
    writeMore();
  });
}
