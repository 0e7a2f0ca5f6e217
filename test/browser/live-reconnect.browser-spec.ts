/// <reference lib="dom" />
import { join } from 'node:path';
import type { Browser, Page, WebSocketRoute } from 'playwright-core';
import request from 'supertest';
import { eventually } from '../e2e/support/eventually';
import { bindTelegramBot, registerUser } from '../e2e/support/factories';
import { bearer } from '../e2e/support/session';
import { startTestApp, TestApp } from '../e2e/support/test-app';
import { launchChromium, WatchedPage } from './support/browser';

jest.setTimeout(120_000);

const ANNA = { id: 8001, first_name: 'Анна', language_code: 'ru' };
const BORIS = { id: 8002, first_name: 'Борис', language_code: 'ru' };
const LIVE = 'Обновляется в реальном времени';
const OFFLINE = 'Нет связи, обновления придут после переподключения';

/**
 * The live socket drops and comes back while the dialogs screen is open: what arrived in between
 * shows at once, without the next message or a reload. The page's socket.io connection goes through
 * Playwright's WebSocket routing, so the test can cut it (the page sees its socket close, as on a
 * network blip) and refuse the client's reconnection attempts until it lets them through again.
 */
describe('The dialogs screen after the live socket reconnects', () => {
  let ctx: TestApp;
  let browser: Browser;
  let watched: WatchedPage;
  let page: Page;
  const bot = { id: '', token: '' };
  let session = '';
  let clock = Math.floor(Date.now() / 1000) - 600;

  /** The live sockets open now, and whether new ones are refused (the network is "down"). */
  const sockets = new Set<WebSocketRoute>();
  let down = false;

  const userWrites = async (from: typeof ANNA, text: string) => {
    clock += 1;
    ctx.telegram.message(bot.token, { from, text, date: clock });
    expect((await fetch(`${ctx.url}/tg/bot${bot.token}/getUpdates`)).status).toBe(200);
  };
  /** The mirror records after it answers: wait until the API has the message. */
  const stored = (userId: number, text: string) =>
    eventually(async () => {
      const res = await request(ctx.url)
        .get(`/api/bots/${bot.id}/dialogs/${userId}/messages`)
        .set(bearer(session))
        .expect(200);
      expect((res.body as { data: Array<{ text: string }> }).data.map((m) => m.text)).toContain(text);
    }, 10_000);
  const status = () => page.locator('.dialog-list .live');

  beforeAll(async () => {
    ctx = await startTestApp({ CABINET_DIR: join(__dirname, '..', '..', 'web', 'dist') });
    session = (await registerUser(ctx)).token;
    const bound = await bindTelegramBot(ctx, session, { name: 'Пекарня' });
    Object.assign(bot, { id: bound.bot.id, token: bound.token });
    await userWrites(ANNA, 'Здравствуйте');
    await stored(ANNA.id, 'Здравствуйте');

    browser = await launchChromium();
    watched = await WatchedPage.open(browser, { publicBase: ctx.config.publicBaseUrl, appUrl: ctx.url });
    watched.page.setDefaultTimeout(10_000);
    page = watched.page;
    await page.routeWebSocket(
      (url) => url.pathname.startsWith('/api/ws'),
      (ws) => {
        if (down) return ws.close();
        ws.connectToServer();
        sockets.add(ws);
        ws.onClose(() => sockets.delete(ws));
      },
    );
    await watched.signInWith(session);
  });

  afterAll(async () => {
    await watched?.close().catch(() => undefined);
    await browser?.close();
    await ctx?.close();
  });

  afterEach(() => {
    expect(watched.takeErrors()).toEqual([]);
  });

  it('reads the dialog list and the open conversation again when the socket comes back', async () => {
    await page.goto(`${ctx.url}/bots/${bot.id}/dialogs/${ANNA.id}`);
    await page.locator('.messages').getByText('Здравствуйте').waitFor();
    await status().getByText(LIVE).waitFor();
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

    down = true;
    for (const ws of [...sockets]) await ws.close();
    await status().getByText(OFFLINE).waitFor();

    await userWrites(BORIS, 'Вы работаете в субботу?');
    await userWrites(ANNA, 'Можно заказать торт?');
    await stored(BORIS.id, 'Вы работаете в субботу?');
    await stored(ANNA.id, 'Можно заказать торт?');
    // Nothing reached the page while it was cut off.
    expect(await page.locator('.dialog-items').textContent()).not.toContain('Вы работаете в субботу?');

    down = false;
    // socket.io's next attempt comes within its backoff (≤ 7.5 s), but an attempt begun while the socket was refused
    // may first run out its 20 s connect timeout: up to ~28 s on a loaded machine.
    await status().getByText(LIVE).waitFor({ timeout: 30_000 });
    await page.locator('.dialog-items li').first().getByText('Можно заказать торт?').waitFor();
    await page.locator('.dialog-items').getByText('Вы работаете в субботу?').waitFor();
    await page.locator('.messages').getByText('Можно заказать торт?').waitFor();
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await watched.screenshot('live-reconnected');
  }, 90_000);
});
