import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Dispatcher, Pool } from 'undici';

/**
 * A bare Node reverse proxy (http server + undici Pool, nothing else) as the ceiling a Node proxy
 * reaches on this machine, to read the mirror's own cost against. Forwards to BARE_PROXY_UPSTREAM.
 */
const pool = new Pool(process.env.BARE_PROXY_UPSTREAM ?? 'http://127.0.0.1:1', { pipelining: 1, connections: null });

const server = createServer({ keepAliveTimeout: 60_000 }, (req, res) => {
  pool
    .request({
      method: req.method as Dispatcher.HttpMethod,
      path: req.url ?? '/',
      headers: { 'content-type': req.headers['content-type'] ?? 'application/octet-stream' },
      body: req,
    })
    .then(({ statusCode, headers, body }) => {
      res.writeHead(statusCode, {
        'content-type': String(headers['content-type']),
        'content-length': String(headers['content-length']),
      });
      body.pipe(res);
    })
    .catch(() => {
      res.writeHead(502);
      res.end();
    });
});

server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));
process.on('SIGTERM', () => process.exit(0));
