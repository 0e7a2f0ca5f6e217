import request from 'supertest';
import { Messages } from '../../src/common/messages';
import { CaptureService } from '../../src/ingest/capture.service';
import { TrackedLinks } from '../../src/links/tracked-links';
import { eventually } from './support/eventually';
import { bindTelegramBot, issueKey, registerUser } from './support/factories';
import { bearer } from './support/session';
import { startTestApp, TestApp } from './support/test-app';
import { WebhookReceiver } from './support/webhook-receiver';

const TARGET = 'https://shop.example/sale?utm_source=telegram';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0';
let updateId = 1;
const message = (userId: number, text: string) => ({
  update_id: updateId,
  message: {
    message_id: updateId++,
    from: { id: userId, is_bot: false, first_name: `User ${userId}` },
    chat: { id: userId, type: 'private' },
    date: Math.floor(Date.now() / 1000),
    text,
  },
});

interface Link {
  id: string;
  code: string;
  short_url: string;
  url: string;
  name: string | null;
  clicks: number;
  unique_clicks: number;
  created_at: string;
}

describe('Tracked links (issue 28)', () => {
  let ctx: TestApp;
  let owner: { token: string; user: { id: string } };
  let readKey: string;
  let writeKey: string;
  let botId: string;

  const session = (path: string) => `/api/bots/${botId}/links${path}`;
  const v1 = (path: string) => `/api/v1/bots/${botId}/links${path}`;
  const create = async (body: object): Promise<Link> =>
    (await request(ctx.url).post(session('')).set(bearer(owner)).send(body).expect(201)).body;
  const open = (path: string, agent = BROWSER) => request(ctx.url).get(path).set('User-Agent', agent);
  const clicksOf = async (linkId: string) =>
    (await ctx.db.query(`SELECT contact_id, visitor, agent FROM clicks WHERE link_id = $1 ORDER BY id`, [linkId])).rows;

  beforeAll(async () => {
    ctx = await startTestApp();
    owner = await registerUser(ctx);
    readKey = (await issueKey(ctx, owner.token, ['read'])).key;
    writeKey = (await issueKey(ctx, owner.token, ['read', 'write'])).key;
    botId = (await bindTelegramBot(ctx, owner.token)).bot.id;
  });
  afterAll(() => ctx.close());

  describe('the API, under both prefixes', () => {
    it('creates a link (201) with its short URL, under the session and with a write key', async () => {
      const made = await create({ url: TARGET, name: '  Осенняя распродажа ' });
      expect(made).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        code: expect.stringMatching(/^[0-9A-Za-z]{8}$/),
        short_url: `https://botlens.test/l/${made.code}`,
        url: TARGET,
        name: 'Осенняя распродажа',
        clicks: 0,
        unique_clicks: 0,
        created_at: expect.any(String),
      });
      const byKey = await request(ctx.url)
        .post(v1(''))
        .set('X-API-Key', writeKey)
        .send({ url: 'https://пример.рф/путь' })
        .expect(201);
      expect(byKey.body).toMatchObject({ url: 'https://xn--e1afmkfd.xn--p1ai/%D0%BF%D1%83%D1%82%D1%8C', name: null });
      expect(byKey.body.code).not.toBe(made.code);
    });

    it.each([
      ['no url', {}],
      ['another scheme', { url: 'ftp://example.com/file' }],
      ['javascript', { url: 'javascript:alert(1)' }],
      ['a relative url', { url: '/l/abc' }],
      ['a space', { url: 'https://example.com/a b' }],
      ['2001 characters', { url: `https://example.com/${'a'.repeat(1981)}` }],
      ['a number', { url: 42 }],
    ])('refuses %s with 400 "неверный url" under both prefixes', async (_case, body) => {
      const bySession = await request(ctx.url).post(session('')).set(bearer(owner)).send(body).expect(400);
      expect(bySession.body).toEqual({ message: Messages.linkUrlInvalid });
      const byKey = await request(ctx.url).post(v1('')).set('X-API-Key', writeKey).send(body).expect(400);
      expect(byKey.body).toEqual({ message: 'неверный url' });
    });

    it('takes a 2000-character url and a 200-character name, refuses a longer name', async () => {
      const url = `https://example.com/${'a'.repeat(1980)}`;
      expect((await create({ url, name: 'я'.repeat(200) })).url).toBe(url);
      for (const name of ['я'.repeat(201), 42, 'a\u0000b']) {
        const res = await request(ctx.url).post(session('')).set(bearer(owner)).send({ url, name }).expect(400);
        expect(res.body).toEqual({ message: Messages.linkNameInvalid });
      }
    });

    it('lists links newest first with paging, and answers one, the same under both prefixes', async () => {
      const first = await create({ url: 'https://example.com/first' });
      const second = await create({ url: 'https://example.com/second' });
      const page = await request(ctx.url).get(session('?limit=2')).set(bearer(owner)).expect(200);
      expect(page.body).toEqual({ data: [second, first], total: expect.any(Number), limit: 2, offset: 0 });
      expect(page.body.total).toBeGreaterThanOrEqual(4);
      const byKey = await request(ctx.url).get(v1('?limit=2')).set('X-API-Key', readKey).expect(200);
      expect(byKey.body).toEqual(page.body);
      expect(
        (
          await request(ctx.url)
            .get(session(`/${first.id}`))
            .set(bearer(owner))
            .expect(200)
        ).body,
      ).toEqual(first);
      expect(
        (
          await request(ctx.url)
            .get(v1(`/${first.id}`))
            .set('X-API-Key', readKey)
            .expect(200)
        ).body,
      ).toEqual(first);
      for (const query of ['?limit=0', '?limit=1001', '?offset=-1', '?limit=1.5']) {
        const res = await request(ctx.url).get(v1(query)).set('X-API-Key', readKey).expect(400);
        expect(res.body).toEqual({ message: Messages.badLimitOffset });
      }
    });

    it('refuses a read key a write (403), another account its bot and unknown links (404)', async () => {
      const refused = await request(ctx.url).post(v1('')).set('X-API-Key', readKey).send({ url: TARGET }).expect(403);
      expect(refused.body).toEqual({ message: Messages.scopeRequired('write') });
      const stranger = await registerUser(ctx);
      const theirs = await request(ctx.url).get(session('')).set(bearer(stranger)).expect(404);
      expect(theirs.body).toEqual({ message: Messages.botNotFound });
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
        const res = await request(ctx.url)
          .get(v1(`/${id}`))
          .set('X-API-Key', readKey)
          .expect(404);
        expect(res.body).toEqual({ message: Messages.linkNotFound });
      }
    });

    it('deletes a link (204): it leaves the list, its short URL answers 404, a second delete is 404', async () => {
      const link = await create({ url: 'https://example.com/gone' });
      await request(ctx.url)
        .delete(v1(`/${link.id}`))
        .set('X-API-Key', writeKey)
        .expect(204);
      const again = await request(ctx.url)
        .delete(session(`/${link.id}`))
        .set(bearer(owner))
        .expect(404);
      expect(again.body).toEqual({ message: Messages.linkNotFound });
      await request(ctx.url)
        .get(session(`/${link.id}`))
        .set(bearer(owner))
        .expect(404);
      const list = await request(ctx.url).get(session('?limit=1000')).set(bearer(owner)).expect(200);
      expect(list.body.data.map((l: Link) => l.id)).not.toContain(link.id);
      // Every instance forgets it (through the change relay in fleet mode).
      await eventually(async () => expect((await open(`/l/${link.code}`)).status).toBe(404));
    });
  });

  describe('GET /l/{code}', () => {
    let link: Link;

    beforeAll(async () => {
      link = await create({ url: TARGET });
    });

    it('redirects 302 to the stored URL with Cache-Control: no-store, the click stored before the answer', async () => {
      const res = await open(`/l/${link.code}`).expect(302);
      expect(res.headers.location).toBe(TARGET);
      expect(res.headers['cache-control']).toBe('no-store');
      // Read at once: the answer came after the commit.
      expect(await clicksOf(link.id)).toEqual([{ contact_id: null, visitor: expect.any(String), agent: 'firefox' }]);
    });

    it('never redirects anywhere the request names', async () => {
      for (const path of [
        `/l/${link.code}?url=https://evil.example/`,
        `/l/${link.code}/?next=//evil.example`,
        `/l/${link.code}/https:%2F%2Fevil.example`,
        `/l/${link.code}#https://evil.example`,
      ]) {
        const res = await open(path).expect(302);
        expect({ path, location: res.headers.location }).toEqual({ path, location: TARGET });
      }
      for (const path of [`/l/${link.code}/x/https://evil.example`, '/l//evil.example', '/l/https://evil.example']) {
        const res = await open(path);
        expect({ path, status: res.status, location: res.headers.location }).toEqual({
          path,
          status: 404,
          location: undefined,
        });
      }
    });

    it('answers an unknown code 404 with a small Russian page', async () => {
      const res = await open('/l/NoSuchCode').expect(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.text).toContain('<html lang="ru">');
      expect(res.text).toContain(Messages.linkPageNotFound);
    });

    it('does not count HEAD, link-preview robots or other methods', async () => {
      const before = (await clicksOf(link.id)).length;
      const head = await request(ctx.url).head(`/l/${link.code}`).expect(302);
      expect(head.headers.location).toBe(TARGET);
      for (const robot of ['TelegramBot (like TwitterBot)', 'facebookexternalhit/1.1', 'WhatsApp/2.23.20.0 A']) {
        expect((await open(`/l/${link.code}`, robot).expect(302)).headers.location).toBe(TARGET);
      }
      const post = await request(ctx.url).post(`/l/${link.code}`).expect(405);
      expect(post.headers.allow).toBe('GET, HEAD');
      expect(post.body).toEqual({ message: Messages.linkMethodNotAllowed });
      // A real click after them is stored at once, so they would have been too.
      await open(`/l/${link.code}`).expect(302);
      expect(await clicksOf(link.id)).toHaveLength(before + 1);
    });

    it("counts clicks and unique visitors (an address and browser once a day) in the link's numbers", async () => {
      const counted = await create({ url: 'https://example.com/counted' });
      await open(`/l/${counted.code}`).expect(302);
      await open(`/l/${counted.code}`).expect(302);
      await open(`/l/${counted.code}`, 'Mozilla/5.0 Chrome/126.0.0.0 Safari/537.36').expect(302);
      const res = await request(ctx.url)
        .get(v1(`/${counted.id}`))
        .set('X-API-Key', readKey)
        .expect(200);
      expect(res.body).toMatchObject({ clicks: 3, unique_clicks: 2 });
    });
  });

  describe('per-contact links, the timeline, the event and erasure', () => {
    let link: Link;
    let contactId: string;
    let personal: string;
    let receiver: WebhookReceiver;

    beforeAll(async () => {
      receiver = await WebhookReceiver.start();
      await request(ctx.url)
        .post('/api/me/webhooks')
        .set(bearer(owner))
        .send({ url: receiver.url, events: ['link.clicked'], bot_id: botId })
        .expect(201);
      const bot = { id: botId, userId: owner.user.id, platform: 'telegram' as const, utmKey: 'utm_source' };
      await ctx.app.get(CaptureService).inboundUpdates(bot, [message(7001, 'привет')]);
      contactId = (
        await ctx.db.query(`SELECT id FROM contacts WHERE bot_id = $1 AND external_user_id = '7001'`, [botId])
      ).rows[0].id;
      link = await create({ url: 'https://example.com/personal' });
      // What a broadcast will put in its message to this contact.
      personal = ctx.app.get(TrackedLinks).personalLink(link, contactId);
    });
    afterAll(() => receiver.close());

    it("attributes a click through the contact's link to it, shows it on its card and sends link.clicked", async () => {
      expect(personal).toMatch(new RegExp(`^https://botlens\\.test/l/${link.code}/[A-Za-z0-9_-]{32}$`));
      const res = await open(new URL(personal).pathname).expect(302);
      expect(res.headers.location).toBe('https://example.com/personal');
      expect(await clicksOf(link.id)).toEqual([{ contact_id: contactId, visitor: null, agent: 'firefox' }]);

      const card = await request(ctx.url).get(`/api/v1/bots/${botId}/contacts/7001`).set('X-API-Key', readKey);
      expect(card.body.clicks).toEqual([
        { link_id: link.id, url: 'https://example.com/personal', clicked_at: expect.any(String) },
      ]);
      const cabinet = await request(ctx.url).get(`/api/bots/${botId}/contacts/7001`).set(bearer(owner)).expect(200);
      expect(cabinet.body.clicks).toEqual(card.body.clicks);
      // The cabinet's dialog shows it among the messages.
      const dialog = await request(ctx.url)
        .get(`/api/bots/${botId}/dialogs/7001/clicks`)
        .set(bearer(owner))
        .expect(200);
      expect(dialog.body).toEqual({
        data: [{ id: expect.stringMatching(/^\d+$/), ...card.body.clicks[0] }],
        limit: 100,
      });

      await receiver.waitForCount(1);
      const delivery = JSON.parse(receiver.requests[0].body);
      expect(delivery).toMatchObject({
        event: 'link.clicked',
        data: {
          bot_id: botId,
          link_id: link.id,
          url: 'https://example.com/personal',
          user_id: '7001',
          clicked_at: card.body.clicks[0].clicked_at,
        },
      });
    });

    it('redirects a bad token all the same, the click anonymous, and sends link.clicked with user_id null', async () => {
      const token = new URL(personal).pathname.split('/')[3];
      const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
      for (const bad of [altered, 'short', 'x'.repeat(32)]) {
        expect((await open(`/l/${link.code}/${bad}`).expect(302)).headers.location).toBe(
          'https://example.com/personal',
        );
      }
      const anonymous = (await clicksOf(link.id)).slice(1);
      expect(anonymous).toEqual(Array(3).fill({ contact_id: null, visitor: expect.any(String), agent: 'firefox' }));
      await receiver.waitForCount(4);
      expect(receiver.requests.slice(1).map((r) => JSON.parse(r.body).data.user_id)).toEqual([null, null, null]);
      const counts = await request(ctx.url)
        .get(session(`/${link.id}`))
        .set(bearer(owner))
        .expect(200);
      // The contact, and one anonymous visitor (one address and browser today).
      expect(counts.body).toMatchObject({ clicks: 4, unique_clicks: 2 });
    });

    it('answers the clicks per UTC day: 30 days ending today by default, from/to as days, 400 otherwise', async () => {
      const today = new Date().toISOString().slice(0, 10);
      const res = await request(ctx.url)
        .get(v1(`/${link.id}/clicks`))
        .set('X-API-Key', readKey)
        .expect(200);
      expect(res.body).toMatchObject({ link_id: link.id, to: today });
      expect(res.body.data).toHaveLength(30);
      expect(res.body.data[29]).toEqual({ day: today, clicks: 4, unique_clicks: 2 });
      expect(res.body.data[0]).toEqual({ day: res.body.from, clicks: 0, unique_clicks: 0 });
      const session2 = await request(ctx.url)
        .get(session(`/${link.id}/clicks`))
        .set(bearer(owner))
        .expect(200);
      expect(session2.body).toEqual(res.body);
      const oneDay = await request(ctx.url)
        .get(v1(`/${link.id}/clicks?from=${today}&to=${today}`))
        .set('X-API-Key', readKey)
        .expect(200);
      expect(oneDay.body.data).toEqual([{ day: today, clicks: 4, unique_clicks: 2 }]);
      for (const query of [
        'from=yesterday',
        'to=2026-02-30',
        'from=2026-11-02&to=2026-11-01',
        'from=2020-01-01&to=2021-12-31',
      ]) {
        const bad = await request(ctx.url)
          .get(v1(`/${link.id}/clicks?${query}`))
          .set('X-API-Key', readKey)
          .expect(400);
        expect(bad.body).toEqual({ message: Messages.badTimeRange });
      }
    });

    it("erasing the contact erases its clicks; its link's numbers no longer count it", async () => {
      await request(ctx.url).delete(`/api/bots/${botId}/contacts/7001`).set(bearer(owner)).expect(204);
      const left = await ctx.db.query(`SELECT count(*)::int AS n FROM clicks WHERE contact_id = $1`, [contactId]);
      expect(left.rows[0].n).toBe(0);
      const counts = await request(ctx.url)
        .get(session(`/${link.id}`))
        .set(bearer(owner))
        .expect(200);
      expect(counts.body).toMatchObject({ clicks: 3, unique_clicks: 1 });
      // Its link still redirects; a click through it now is anonymous.
      await open(new URL(personal).pathname).expect(302);
      expect((await clicksOf(link.id)).at(-1)).toMatchObject({ contact_id: null });
    });
  });
});
