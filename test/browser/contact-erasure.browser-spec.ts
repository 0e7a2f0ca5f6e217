/// <reference lib="dom" />
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import request from 'supertest';
import { CaptureBot, CaptureService } from '../../src/ingest/capture.service';
import { bindTelegramBot, registerUser } from '../e2e/support/factories';
import { startTestApp, TestApp } from '../e2e/support/test-app';
import { launchChromium, WatchedPage } from './support/browser';
import { bearer } from '../e2e/support/session';

jest.setTimeout(120_000);

const now = Math.floor(Date.now() / 1000);
const start = (id: number, first_name: string) => ({
  update_id: id,
  message: {
    message_id: id,
    from: { id, is_bot: false, first_name },
    chat: { id, type: 'private' },
    date: now - id,
    text: '/start vk',
  },
});

/** The contact card's "erase" action: asks first, then the contact is gone from the list and the reports. */
describe('Erasing a contact from its card, in a browser', () => {
  let ctx: TestApp;
  let browser: Browser;
  let watched: WatchedPage;
  let session = '';
  let botId = '';

  beforeAll(async () => {
    ctx = await startTestApp({ CABINET_DIR: join(__dirname, '..', '..', 'web', 'dist') });
    const user = await registerUser(ctx);
    session = user.token;
    botId = (await bindTelegramBot(ctx, session, { name: 'Цветочная лавка' })).bot.id;
    const bot: CaptureBot = { id: botId, userId: user.user.id, platform: 'telegram', utmKey: 'utm_source' };
    await ctx.app.get(CaptureService).inboundUpdates(bot, [start(7001, 'Анна'), start(7002, 'Борис')]);
    browser = await launchChromium();
    watched = await WatchedPage.open(browser, { publicBase: ctx.config.publicBaseUrl, appUrl: ctx.url });
    watched.page.setDefaultTimeout(10_000);
    await watched.signInWith(session);
  });

  afterAll(async () => {
    await watched?.close().catch(() => undefined);
    await browser?.close();
    await ctx?.close();
  });

  afterEach(() => expect(watched.takeErrors()).toEqual([]));

  it('asks, erases, and returns to a list without the contact', async () => {
    const page = watched.page;
    await page.goto(`${ctx.url}/bots/${botId}/contacts/7001`);
    await page.getByRole('heading', { name: 'Анна' }).waitFor();
    await page.getByRole('button', { name: 'Удалить данные контакта' }).click();
    await page.getByRole('alertdialog').waitFor();
    await page.waitForLoadState('networkidle');
    await watched.screenshot('erase-contact-confirm');
    expect(await watched.accessibilityViolations()).toEqual([]);

    await page.getByRole('button', { name: 'Удалить навсегда' }).click();
    await page.waitForURL(`${ctx.url}/bots/${botId}/contacts`);
    await page.getByText('Борис').first().waitFor();
    expect(await page.getByText('Анна').count()).toBe(0);

    const stats = await request(ctx.url).get(`/api/bots/${botId}/stats`).set(bearer(session)).expect(200);
    expect(stats.body).toMatchObject({ contacts_total: 1 });
    expect((await request(ctx.url).get(`/api/bots/${botId}/contacts/7001`).set(bearer(session))).status).toBe(404);
  });
});
