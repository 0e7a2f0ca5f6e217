import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { Messages } from '../../src/common/messages';
import { exportOpenApiDocument } from '../../src/openapi-export';
import { rawRequest } from './support/raw-http';
import { startTestApp, TestApp } from './support/test-app';

const execFileAsync = promisify(execFile);

const PAGE =
  '<!doctype html><html><head><script type="module" src="/assets/app-1a2b3c.js"></script></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('cabinet '.repeat(200))});`;

/** A build folder shaped like web/dist: the page, one hashed script with its precompressed twins. */
function fakeBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'botlens-cabinet-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), PAGE);
  writeFileSync(join(dir, 'assets', 'app-1a2b3c.js'), SCRIPT);
  writeFileSync(join(dir, 'assets', 'app-1a2b3c.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(dir, 'assets', 'app-1a2b3c.js.gz'), gzipSync(SCRIPT));
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

const get = (ctx: TestApp, path: string, headers: Record<string, string> = {}) =>
  rawRequest(`${ctx.url}${path}`, { method: 'GET', headers });

describe('The cabinet served by the service', () => {
  let ctx: TestApp;
  let dir: string;

  beforeAll(async () => {
    dir = fakeBuild();
    ctx = await startTestApp({ CABINET_DIR: dir });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(['/', '/login', '/bots/42/contacts/77', '/bots/42/dialogs?x=1', '/bots/42/contacts/first.last'])(
    '%s answers the app page with its security headers',
    async (path) => {
      const reply = await get(ctx, path);
      expect(reply.status).toBe(200);
      expect(reply.body.toString()).toBe(PAGE);
      expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(reply.headers['cache-control']).toBe('no-cache');
      const csp = String(reply.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'self'");
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['referrer-policy']).toBe('no-referrer');
      expect(reply.headers['x-frame-options']).toBe('DENY');
    },
  );

  it('answers 304 to a page it already sent (ETag)', async () => {
    const first = await get(ctx, '/bots');
    const again = await get(ctx, '/bots', { 'If-None-Match': String(first.headers.etag) });
    expect(again.status).toBe(304);
  });

  it('serves hashed assets for a year, brotli or gzip as the client accepts, else as they are', async () => {
    const br = await get(ctx, '/assets/app-1a2b3c.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['vary']).toBe('Accept-Encoding');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers['content-security-policy']).toBeUndefined();
    expect(br.body).toEqual(brotliCompressSync(SCRIPT));

    const gz = await get(ctx, '/assets/app-1a2b3c.js', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body).toEqual(gzipSync(SCRIPT));

    const plain = await get(ctx, '/assets/app-1a2b3c.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
    expect(Number(plain.headers['content-length'])).toBe(SCRIPT.length);
  });

  it('a missing asset is 404, never the app page, and nothing outside the build is reachable', async () => {
    const missing = await get(ctx, '/assets/app-000000.js');
    expect(missing.status).toBe(404);
    expect(missing.body.toString()).toBe('Not found');
    for (const path of [
      '/assets/%2e%2e/%2e%2e/package.json',
      '/assets/..%2f..%2fpackage.json',
      '/%2e%2e/package.json',
    ]) {
      const escaped = await get(ctx, path);
      expect([path, escaped.status]).toEqual([path, 404]);
    }
  });

  it("files at the build's root are served by name; /index.html is the page itself, with its headers", async () => {
    expect((await get(ctx, '/robots.txt')).status).toBe(404);
    const icon = await get(ctx, '/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers['content-type']).toBe('image/svg+xml');
    const index = await get(ctx, '/index.html');
    expect(index.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('never answers the service paths: an unknown /api route is still a JSON 404, /health and Swagger UI keep working', async () => {
    await request(ctx.url).get('/api/no-such-route').expect(404, { message: 'Cannot GET /api/no-such-route' });
    await request(ctx.url).get('/api').expect(404, { message: 'Cannot GET /api' });
    await request(ctx.url).get('/health').expect(200, { ok: true });
    const docs = await request(ctx.url).get('/api/docs/').expect(200);
    expect(docs.headers['content-security-policy']).toBeUndefined();
    await request(ctx.url).post('/bots').expect(404, { message: 'Cannot POST /bots' });
  });

  it('serves the OpenAPI document the cabinet types are generated from, and web/src/api/schema.ts is up to date', async () => {
    const exported = await exportOpenApiDocument();
    const served = await request(ctx.url).get('/api/docs-json').expect(200);
    expect(served.body).toEqual(JSON.parse(JSON.stringify(exported)));
    // The generator is an ES-module library, so it runs in its own node process, as `npm run api:types` runs it.
    const documentPath = join(dir, 'openapi.json');
    writeFileSync(documentPath, JSON.stringify(exported));
    const check = await execFileAsync(process.execPath, [
      'web/scripts/api-types.cjs',
      '--from',
      documentPath,
      '--check',
    ]).catch((failure: { stderr: string }) => ({ stdout: '', stderr: failure.stderr }));
    expect(check).toEqual({ stdout: 'web/src/api/schema.ts matches the API\n', stderr: '' });
  });
});

describe('The service without a built cabinet', () => {
  let ctx: TestApp;

  beforeAll(async () => {
    ctx = await startTestApp({ CABINET_DIR: join(tmpdir(), 'botlens-no-cabinet-here') });
  });
  afterAll(() => ctx.close());

  it('starts, answers its API, and the page says how to build the cabinet', async () => {
    await request(ctx.url).get('/health').expect(200, { ok: true });
    const page = await request(ctx.url).get('/bots').expect(503);
    expect(page.text).toBe(Messages.cabinetNotBuilt);
  });
});
