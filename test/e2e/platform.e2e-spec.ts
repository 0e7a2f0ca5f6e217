import { spawn } from 'node:child_process';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { Client } from 'pg';
import request from 'supertest';
import { Messages } from '../../src/common/messages';
import { bindTelegramBot, registerUser } from './support/factories';
import { freePort } from './support/ports';
import { startTestApp, TestApp } from './support/test-app';
import { bearer } from './support/session';

const MAIN = join(__dirname, '..', '..', 'dist', 'src', 'main.js');

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
type Operation = {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
  'x-required-scope'?: string;
};

describe('Service basics: health, OpenAPI, error shape, configuration', () => {
  let ctx: TestApp;

  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(() => ctx.close());

  it('GET /health answers { ok: true } without authentication', async () => {
    const res = await request(ctx.url).get('/health').expect(200);
    expect(res.body).toEqual({ ok: true });
  });

  it('GET /health/ready reports PostgreSQL and Redis up', async () => {
    const res = await request(ctx.url).get('/health/ready').expect(200);
    expect(res.body).toMatchObject({ status: 'ok', info: { postgres: { status: 'up' }, redis: { status: 'up' } } });
  });

  it('serves Swagger UI at /api/docs', async () => {
    const res = await request(ctx.url).get('/api/docs').redirects(1).expect(200);
    expect(res.text).toContain('swagger-ui');
  });

  describe('the OpenAPI document at /api/docs-json', () => {
    let document: {
      paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
      components: Record<string, Record<string, unknown>>;
    };
    const operations = () =>
      Object.entries(document.paths).flatMap(([path, item]) =>
        METHODS.filter((m) => item[m]).map((method) => ({ path, method, operation: item[method]! })),
      );

    beforeAll(async () => {
      document = (await request(ctx.url).get('/api/docs-json').expect(200)).body;
    });

    it('is a valid OpenAPI document', async () => {
      await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
    });

    it('declares both security schemes', () => {
      expect(document.components.securitySchemes).toEqual({
        'api-key': expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-API-Key' }),
        session: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      });
    });

    it('gives every operation a unique, stable operationId and the { message } error schema', () => {
      const ids = operations().map(({ operation }) => operation.operationId);
      expect(ids.every((id) => typeof id === 'string' && /^[A-Za-z0-9]+_[A-Za-z0-9]+$/.test(id))).toBe(true);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual(
        expect.arrayContaining(['BotsV1_list', 'BotsV1_get', 'Auth_register', 'ApiKeys_issue', 'Health_live']),
      );
      // Served ahead of Express, described by hand (src/openapi-raw-routes.ts).
      expect(Object.keys(document.paths)).toEqual(
        expect.arrayContaining([
          '/proxy/{bot_id}/{secret}',
          '/tg/bot{token}/{method}',
          '/tg/file/bot{token}/{file_path}',
          '/max/{resource}',
        ]),
      );
      expect(ids).toEqual(expect.arrayContaining(['ProxyReceiver_receive', 'TelegramMirror_call', 'MaxMirror_post']));
      for (const { path, method, operation } of operations()) {
        const errorRefs = Object.entries(operation.responses)
          .filter(([status]) => Number(status) >= 400)
          .map(([, response]) => response.content?.['application/json']?.schema?.$ref);
        expect({ path, method, hasErrorSchema: errorRefs.includes('#/components/schemas/ErrorResponseDto') }).toEqual({
          path,
          method,
          hasErrorSchema: true,
        });
      }
    });

    it('marks every open-API operation with the API key and its scope, and session routes with the bearer', () => {
      for (const { path, method, operation } of operations()) {
        if (path.startsWith('/api/v1/')) {
          expect({ path, method, security: operation.security, scope: operation['x-required-scope'] }).toEqual({
            path,
            method,
            security: [{ 'api-key': [] }],
            scope: expect.stringMatching(/^(read|write)$/),
          });
        }
      }
      expect(document.paths['/api/me']!.get!.security).toEqual([{ session: [] }]);
      expect(document.paths['/api/bots']!.post!.security).toEqual([{ session: [] }]);
    });

    it('describes request and response bodies from the DTOs', () => {
      const schemas = document.components.schemas as Record<
        string,
        { properties?: Record<string, unknown>; required?: string[] }
      >;
      expect(Object.keys(schemas.CreateBotDto.properties!)).toEqual(
        expect.arrayContaining(['platform', 'name', 'token', 'target_url', 'utm_key']),
      );
      expect(schemas.CreateBotDto.required).toEqual(expect.arrayContaining(['platform', 'name']));
      expect(Object.keys(schemas.BotDto.properties!)).toEqual(
        expect.arrayContaining([
          'id',
          'name',
          'platform',
          'username',
          'avatar_url',
          'has_token',
          'active',
          'mode',
          'target_url',
          'utm_key',
          'proxy_url',
          'mirror_url',
          'created_at',
        ]),
      );
      expect(schemas.BotDto.properties).not.toHaveProperty('token');
    });
  });

  describe('every error is { message }', () => {
    it('404 for an unknown route', async () => {
      const res = await request(ctx.url).get('/api/nothing-here').expect(404);
      expect(res.body).toEqual({ message: 'Cannot GET /api/nothing-here' });
    });

    it('400 for malformed JSON', async () => {
      const res = await request(ctx.url)
        .post('/api/auth/login')
        .set('Content-Type', 'application/json')
        .send('{"email":')
        .expect(400);
      expect(res.body).toEqual({ message: Messages.malformedJson });
    });

    it('400 for JSON nested deeper than any body the API takes (a 20 kB [[[[… overflowed the stack)', async () => {
      const { token } = await registerUser(ctx);
      for (const body of [
        '['.repeat(10_000) + ']'.repeat(10_000),
        `{"email":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`,
      ]) {
        const login = await request(ctx.url).post('/api/auth/login').set('Content-Type', 'application/json').send(body);
        expect([login.status, login.body]).toEqual([400, { message: Messages.malformedJson }]);
        const bots = await request(ctx.url)
          .post('/api/bots')
          .set(bearer(token))
          .set('Content-Type', 'application/json')
          .send(body);
        expect([bots.status, bots.body]).toEqual([400, { message: Messages.malformedJson }]);
      }
    });

    it('400 for a path parameter PostgreSQL cannot take (a NUL character)', async () => {
      const { token } = await registerUser(ctx);
      const { bot } = await bindTelegramBot(ctx, token);
      const res = await request(ctx.url).get(`/api/bots/${bot.id}/dialogs/%00/messages`).set(bearer(token));
      expect([res.status, res.body]).toEqual([400, { message: Messages.refusedValue }]);
    });

    it('413 for an oversized JSON body', async () => {
      const res = await request(ctx.url)
        .post('/api/auth/login')
        .set('Content-Type', 'application/json')
        .send(JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(2 * 1024 * 1024) }))
        .expect(413);
      expect(res.body).toEqual({ message: Messages.bodyTooLarge });
    });

    it('500 with a fixed message and no internals when something breaks inside', async () => {
      const { token } = await registerUser(ctx);
      await ctx.db.query(`ALTER TABLE bots RENAME TO bots_away`);
      try {
        const res = await request(ctx.url).get('/api/bots').set(bearer(token)).expect(500);
        expect(res.body).toEqual({ message: Messages.internal });
      } finally {
        await ctx.db.query(`ALTER TABLE bots_away RENAME TO bots`);
      }
    });
  });
});

describe('Process lifecycle (the built src/main.ts as `npm start` runs it)', () => {
  const startMain = (env: Record<string, string>) => {
    const child = spawn(process.execPath, [MAIN], {
      env: { ...process.env, LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = { stdout: '', stderr: '' };
    child.stdout.on('data', (chunk) => (output.stdout += chunk));
    child.stderr.on('data', (chunk) => (output.stderr += chunk));
    // 'close' (not 'exit') waits for the output pipes too, so no handle outlives the test.
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      child.on('close', (code, signal) => resolve({ code, signal })),
    );
    return { child, output, exited };
  };

  it('refuses a bad value with one clear line naming the variable', async () => {
    const { output, exited } = startMain({ PORT: 'abc' });
    expect(await exited).toEqual({ code: 1, signal: null });
    expect(output.stderr.trim()).toBe('Botlens cannot start: PORT must be an integer from 0 to 65535, got "abc"');
  });

  it('creates its database, serves, and stops cleanly on SIGTERM', async () => {
    const database = `botlens_test_main_${Date.now()}`;
    const port = await freePort();
    const { child, output, exited } = startMain({
      PORT: String(port),
      DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${database}`,
      REDIS_KEY_PREFIX: database,
    });
    try {
      // It migrates a database from nothing first: on a loaded machine that has taken more than 20 s.
      let health: request.Response | undefined;
      const deadline = Date.now() + 60_000;
      while (!health && Date.now() < deadline && child.exitCode === null) {
        health = await request(`http://127.0.0.1:${port}`)
          .get('/health')
          .catch(() => undefined);
        if (!health) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect([health?.body, output.stderr]).toEqual([{ ok: true }, '']);
      child.kill('SIGTERM');
      const exit = await Promise.race([
        exited,
        new Promise((resolve) => setTimeout(() => resolve('still running'), 15000)),
      ]);
      // The shutdown finished on its own (src/lifecycle/graceful-shutdown.ts): exit code 0, not death by the signal.
      expect(exit).toEqual({ code: 0, signal: null });
      expect(output.stderr).toBe('');
    } finally {
      child.kill('SIGKILL');
      const admin = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      await admin.end();
    }
  }, 90_000);
});
