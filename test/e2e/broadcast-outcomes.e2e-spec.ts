import request from 'supertest';
import { createApp } from '../../src/create-app';
import { Messages } from '../../src/common/messages';
import { BroadcastStore } from '../../src/broadcasts/broadcast-store';
import { CaptureBot, CaptureService } from '../../src/ingest/capture.service';
import { telegramBotWithContacts } from './support/broadcast-contacts';
import { eventually } from './support/eventually';
import { issueKey, registerUser } from './support/factories';
import { bearer } from './support/session';
import { startTestApp, TestApp } from './support/test-app';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0';
/** A test minute of winner_after_minutes: 10 minutes are 3 seconds. */
const MINUTE_MS = 300;
const PERSONAL = /https:\/\/botlens\.test\/l\/([0-9A-Za-z]{8})\/([A-Za-z0-9_-]{32})/g;

let updateId = 500_000;
const inbound = (userId: number, text: string) => ({
  update_id: updateId,
  message: {
    message_id: updateId++,
    from: { id: userId, is_bot: false, first_name: `User ${userId}` },
    chat: { id: userId, type: 'private' },
    date: Math.floor(Date.now() / 1000),
    text,
  },
});
const kicked = (userId: number) => {
  const user = { id: userId, is_bot: false, first_name: `User ${userId}` };
  return {
    update_id: updateId++,
    my_chat_member: {
      chat: { id: userId, type: 'private' },
      from: user,
      date: Math.floor(Date.now() / 1000),
      old_chat_member: { status: 'member', user },
      new_chat_member: { status: 'kicked', user },
    },
  };
};

/** The personal links of a sent text: [code, token] pairs in order. */
const personalLinks = (text: string) => [...text.matchAll(PERSONAL)].map((m) => ({ code: m[1], token: m[2] }));

describe('Broadcast outcomes, tracked links and A/B variants (issue 28)', () => {
  let ctx: TestApp;
  let owner: { token: string; user: { id: string } };
  let writeKey: string;

  beforeAll(async () => {
    ctx = await startTestApp(
      { BROADCAST_RATE_PER_SECOND: '50', BROADCAST_WINNER_MINUTE_MS: String(MINUTE_MS) },
      // The A/B test restarts its one instance in the middle.
      { instances: 1 },
    );
    owner = await registerUser(ctx);
    writeKey = (await issueKey(ctx, owner.token, ['read', 'write'])).key;
  });
  afterAll(() => ctx.close());

  const sentSince = (token: string, from: number) => ctx.telegram.sentMessages(token).slice(from);
  const inboundOf = (capture: CaptureBot, updates: object[]) =>
    ctx.app.get(CaptureService).inboundUpdates(capture, updates);
  const v1Broadcast = (botId: string, body: object) =>
    request(ctx.url).post(`/api/v1/bots/${botId}/broadcast`).set('X-API-Key', writeKey).send(body);
  const closed = (botId: string, fields: Record<string, string>) => {
    const req = request(ctx.url).post(`/api/bots/${botId}/broadcasts`).set(bearer(owner));
    for (const [name, value] of Object.entries(fields)) req.field(name, value);
    return req;
  };
  const broadcastOf = async (botId: string, id: string, url = ctx.url) =>
    (await request(url).get(`/api/v1/bots/${botId}/broadcasts/${id}`).set('X-API-Key', writeKey).expect(200)).body;
  const click = (path: string) => request(ctx.url).get(path).set('User-Agent', BROWSER).expect(302);

  it('track_links: every URL becomes each recipient’s own link; outcomes count each contact once', async () => {
    const tg = await telegramBotWithContacts(ctx, owner, [101, 102, 103, 104]);
    ctx.telegram.blockUser(tg.token, 104);
    const res = await v1Broadcast(tg.bot.id, {
      text: 'Скидки: https://shop.example/a?x=1 и (https://shop.example/b). Снова https://shop.example/a?x=1!',
      track_links: true,
    }).expect(200);
    expect(res.body).toMatchObject({ total_count: 4, sent_count: 3, failed_count: 1 });

    const sent = sentSince(tg.token, 0);
    expect(sent).toHaveLength(3);
    const byChat = new Map(sent.map((m) => [String(m.chat.id), m.text!]));
    const links = new Map<string, ReturnType<typeof personalLinks>>();
    for (const [chat, text] of byChat) {
      expect(text).not.toContain('shop.example');
      // Punctuation around a URL stays the text's.
      expect(text).toMatch(/^Скидки: \S+ и \(\S+\)\. Снова \S+!$/);
      links.set(chat, personalLinks(text));
      expect(links.get(chat)).toHaveLength(3);
    }
    const [first] = [...links.values()];
    // One link per distinct URL: the same code twice for the same URL, another for the other.
    expect(first[0].code).toBe(first[2].code);
    expect(first[0].code).not.toBe(first[1].code);
    // Every recipient has tokens of its own on the same links.
    const tokens = new Set([...links.values()].flatMap((l) => l.map((x) => x.token)));
    expect(tokens.size).toBe(6);
    for (const l of links.values()) expect(l.map((x) => x.code)).toEqual(first.map((x) => x.code));

    const list = (await request(ctx.url).get(`/api/bots/${tg.bot.id}/links`).set(bearer(owner)).expect(200)).body.data;
    expect(list.map((l: { url: string; name: string }) => [l.url, l.name]).sort()).toEqual([
      ['https://shop.example/a?x=1', `Рассылка ${res.body.id}`],
      ['https://shop.example/b', `Рассылка ${res.body.id}`],
    ]);

    // 101 clicks both links, one of them twice; 102 once; 103 never, but replies twice and then blocks the bot.
    const of = (chat: number, i: number) =>
      `/l/${links.get(String(chat))![i].code}/${links.get(String(chat))![i].token}`;
    expect((await click(of(101, 0))).headers.location).toBe('https://shop.example/a?x=1');
    await click(of(101, 2));
    expect((await click(of(101, 1))).headers.location).toBe('https://shop.example/b');
    await click(of(102, 1));
    await inboundOf(tg.capture, [inbound(103, 'А доставка есть?'), inbound(103, 'Ау?'), inbound(102, 'Спасибо')]);
    await inboundOf(tg.capture, [kicked(103)]);

    const contacts = await ctx.db.query(
      `SELECT c.external_user_id, count(k.id)::int AS clicks FROM contacts c LEFT JOIN clicks k ON k.contact_id = c.id
        WHERE c.bot_id = $1 GROUP BY 1 ORDER BY 1`,
      [tg.bot.id],
    );
    expect(contacts.rows).toEqual([
      { external_user_id: '101', clicks: 3 },
      { external_user_id: '102', clicks: 1 },
      { external_user_id: '103', clicks: 0 },
      { external_user_id: '104', clicks: 0 },
    ]);
    const broadcast = await eventually(async () => {
      const body = await broadcastOf(tg.bot.id, res.body.id);
      expect(body.outcomes.replied).toBe(2);
      return body;
    });
    expect(broadcast).toMatchObject({
      track_links: true,
      variants: null,
      winner: null,
      outcomes: { delivered: 3, failed: 1, blocked_on_send: 1, clicked: 2, replied: 2, blocked_after: 1, revenue: [] },
    });
    // The session API shows the same.
    const session = (await request(ctx.url).get(`/api/bots/${tg.bot.id}/broadcasts`).set(bearer(owner)).expect(200))
      .body.data;
    expect(session[0].outcomes).toEqual(broadcast.outcomes);
  });

  it('a broadcast without track_links sends its URLs as written', async () => {
    const tg = await telegramBotWithContacts(ctx, owner, [111]);
    await v1Broadcast(tg.bot.id, { text: 'Сайт: https://shop.example/' }).expect(200);
    expect(sentSince(tg.token, 0).map((m) => m.text)).toEqual(['Сайт: https://shop.example/']);
  });

  describe('the variants are checked, with the exact messages', () => {
    let botId: string;
    beforeAll(async () => {
      botId = (await telegramBotWithContacts(ctx, owner, [121])).bot.id;
    });
    const two = [{ text: 'A' }, { text: 'B' }];
    it.each([
      ['track_links that is not a boolean', { text: 'x', track_links: 'yes' }, Messages.broadcastTrackLinksInvalid],
      ['one variant', { variants: [{ text: 'A' }] }, Messages.broadcastVariantsInvalid],
      [
        'five variants',
        { variants: [1, 2, 3, 4, 5].map((i) => ({ text: `${i}` })) },
        Messages.broadcastVariantsInvalid,
      ],
      ['variants that are not an array', { variants: { text: 'A' } }, Messages.broadcastVariantsInvalid],
      ['text and variants', { text: 'x', variants: two }, Messages.broadcastTextAndVariants],
      ['a variant that is a string', { variants: ['A', 'B'] }, Messages.broadcastVariantNotObject(0)],
      ['an empty variant text', { variants: [{ text: 'A' }, { text: ' ' }] }, Messages.broadcastVariantTextRequired(1)],
      [
        'a variant text too long',
        { variants: [{ text: 'A' }, { text: 'x'.repeat(4001) }] },
        Messages.broadcastVariantTextTooLong(1),
      ],
      [
        'an unknown variant field',
        { variants: [{ text: 'A', kind: 'photo' }, { text: 'B' }] },
        Messages.broadcastVariantUnknownField(0, 'kind'),
      ],
      [
        'a variant file without an upload',
        { variants: [{ text: 'A', file: true }, { text: 'B' }] },
        Messages.broadcastVariantFileMissing(0),
      ],
      ['test_share 0.01', { variants: two, test_share: 0.01 }, Messages.broadcastTestShareInvalid],
      ['test_share 1.5', { variants: two, test_share: 1.5 }, Messages.broadcastTestShareInvalid],
      ['test_share without variants', { text: 'x', test_share: 0.5 }, Messages.broadcastTestNeedsVariants],
      [
        'test_share below 1 without the winner rule',
        { variants: two, test_share: 0.5 },
        Messages.broadcastWinnerRequired,
      ],
      [
        'winner_after_minutes 9',
        { variants: two, test_share: 0.5, winner_after_minutes: 9, winner_metric: 'replied' },
        Messages.broadcastWinnerAfterInvalid,
      ],
      [
        'winner_after_minutes 10081',
        { variants: two, test_share: 0.5, winner_after_minutes: 10081, winner_metric: 'replied' },
        Messages.broadcastWinnerAfterInvalid,
      ],
      [
        'an unknown winner_metric',
        { variants: two, test_share: 0.5, winner_after_minutes: 10, winner_metric: 'opened' },
        Messages.broadcastWinnerMetricInvalid,
      ],
      [
        'a winner rule with test_share 1',
        { variants: two, winner_after_minutes: 10, winner_metric: 'replied' },
        Messages.broadcastWinnerWithoutTest,
      ],
      [
        'clicked without track_links',
        { variants: two, test_share: 0.5, winner_after_minutes: 10, winner_metric: 'clicked' },
        Messages.broadcastClickedNeedsTracking,
      ],
      [
        'a text that tracked links would make too long',
        { text: 'https://a.example/ '.repeat(70), track_links: true },
        Messages.broadcastTrackedTextTooLong(4000),
      ],
    ])('the open API answers 400 for %s', async (_, body, message) => {
      expect((await v1Broadcast(botId, body).expect(400)).body).toEqual({ message });
    });

    it('the closed form reads the same fields as strings, and refuses the same way', async () => {
      const res = await closed(botId, { variants: '[{"text":"A"}]' }).expect(400);
      expect(res.body).toEqual({ message: Messages.broadcastVariantsInvalid });
      const share = await closed(botId, { variants: JSON.stringify(two), test_share: 'half' }).expect(400);
      expect(share.body).toEqual({ message: Messages.broadcastTestShareInvalid });
      const caption = await closed(botId, {
        variants: JSON.stringify([{ text: 'A' }, { text: 'x'.repeat(1025) }]),
        kind: 'photo',
      })
        .attach('file', Buffer.from('png'), 'a.png')
        .expect(400);
      expect(caption.body).toEqual({ message: Messages.broadcastVariantCaptionTooLong(1) });
    });
  });

  it('test_share 1 splits the recipients evenly between the variants, each seeing its own text', async () => {
    const tg = await telegramBotWithContacts(ctx, owner, [131, 132, 133, 134, 135, 136]);
    const res = await v1Broadcast(tg.bot.id, {
      variants: [{ text: 'Вариант A' }, { text: 'Вариант B' }, { text: 'Вариант C' }],
    }).expect(200);
    expect(res.body).toMatchObject({ total_count: 6, sent_count: 6, failed_count: 0 });
    const texts = sentSince(tg.token, 0).map((m) => m.text);
    expect(texts.sort()).toEqual(['Вариант A', 'Вариант A', 'Вариант B', 'Вариант B', 'Вариант C', 'Вариант C']);
    const body = await broadcastOf(tg.bot.id, res.body.id);
    expect(body).toMatchObject({ text: 'Вариант A', test_share: 1, winner: null, winner_chosen_at: null });
    expect(body.variants.map((v: { text: string; sent: number }) => [v.text, v.sent])).toEqual([
      ['Вариант A', 2],
      ['Вариант B', 2],
      ['Вариант C', 2],
    ]);
  });

  it('the open API answers once the test share is processed; with no replies at all the first variant wins', async () => {
    const tg = await telegramBotWithContacts(ctx, owner, [151, 152, 153, 154]);
    const res = await v1Broadcast(tg.bot.id, {
      variants: [{ text: 'Первый' }, { text: 'Второй' }],
      test_share: 0.5,
      winner_after_minutes: 10,
      winner_metric: 'replied',
    }).expect(200);
    expect(res.body).toMatchObject({ total_count: 4, sent_count: 2, failed_count: 0 });
    expect(
      sentSince(tg.token, 0)
        .map((m) => m.text)
        .sort(),
    ).toEqual(['Второй', 'Первый']);
    const done = await eventually(async () => {
      const body = await broadcastOf(tg.bot.id, res.body.id);
      expect(body.status).toBe('done');
      return body;
    }, 15_000);
    expect(done).toMatchObject({ sent_count: 4, winner: 0, winner_metric: 'replied' });
    expect(sentSince(tg.token, 0).filter((m) => m.text === 'Первый')).toHaveLength(3);
  });

  it('an A/B test picks its winner by clicks and sends it to the rest exactly once, across a restart', async () => {
    const ids = [141, 142, 143, 144, 145, 146, 147, 148];
    const tg = await telegramBotWithContacts(ctx, owner, ids);
    const res = await closed(tg.bot.id, {
      variants: JSON.stringify([{ text: 'A: https://shop.example/a' }, { text: 'B: https://shop.example/b' }]),
      track_links: 'true',
      test_share: '0.5',
      winner_after_minutes: '10',
      winner_metric: 'clicked',
    }).expect(201);
    expect(res.body).toMatchObject({ status: 'queued', total_count: 8, test_share: 0.5, winner_metric: 'clicked' });

    // The test share: 4 of 8, two of each variant.
    const test = await eventually(() => {
      const sent = sentSince(tg.token, 0);
      expect(sent).toHaveLength(4);
      return sent;
    });
    expect(test.map((m) => m.text!.slice(0, 2)).sort()).toEqual(['A:', 'A:', 'B:', 'B:']);
    // One recipient of B clicks (twice); nobody of A does.
    const b = test.find((m) => m.text!.startsWith('B:'))!;
    const [link] = personalLinks(b.text!);
    await click(`/l/${link.code}/${link.token}`);
    await click(`/l/${link.code}/${link.token}`);

    // The only instance stops while the rest wait for the winner; the delayed job and the held recipients survive it.
    const waiting = await eventually(async () => {
      const body = await broadcastOf(tg.bot.id, res.body.id);
      expect(body).toMatchObject({ status: 'running', winner: null, sent_count: 4 });
      return body;
    });
    await ctx.app.close();
    const restarted = await createApp(ctx.config);
    await restarted.listen(0, '127.0.0.1');
    ctx.apps[0] = restarted;
    ctx.app = restarted;
    const url = `http://127.0.0.1:${(restarted.getHttpServer().address() as { port: number }).port}`;
    ctx.url = url;

    const done = await eventually(async () => {
      const body = await broadcastOf(tg.bot.id, res.body.id, url);
      expect(body.status).toBe('done');
      return body;
    }, 20_000);
    expect(done).toMatchObject({ total_count: 8, sent_count: 8, failed_count: 0, winner: 1 });
    expect(new Date(done.winner_chosen_at).getTime()).toBeGreaterThanOrEqual(
      new Date(waiting.started_at).getTime() + 10 * MINUTE_MS,
    );
    // Every contact got exactly one message; the four that waited got B.
    const all = sentSince(tg.token, 0);
    expect(all.map((m) => String(m.chat.id)).sort()).toEqual(ids.map(String));
    expect(all.slice(4).every((m) => m.text!.startsWith('B:'))).toBe(true);
    expect(done.variants.map((v: { sent: number }) => v.sent)).toEqual([2, 6]);
    expect(done.variants[1].outcomes).toMatchObject({ delivered: 6, clicked: 1 });
    expect(done.outcomes).toMatchObject({ delivered: 8, clicked: 1 });

    // The choice is made once: a second attempt changes nothing and sends nothing.
    expect(await restarted.get(BroadcastStore).chooseWinner(res.body.id, 0)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sentSince(tg.token, 0)).toHaveLength(8);
  });
});
