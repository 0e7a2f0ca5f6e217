/// <reference lib="dom" />
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import request from 'supertest';
import { eventually } from '../e2e/support/eventually';
import { bindTelegramBot, registerUser } from '../e2e/support/factories';
import { bearer } from '../e2e/support/session';
import { startTestApp, TestApp } from '../e2e/support/test-app';
import { launchChromium, WatchedPage } from './support/browser';

jest.setTimeout(120_000);

const DAY = 24 * 60 * 60 * 1000;
const today = new Date(new Date().toISOString().slice(0, 10)).getTime();
const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY;
/** Platform time (seconds) of `ms`, never before today's start (so "now" stays in this week and day). */
const seconds = (ms: number) => Math.floor(ms / 1000);
const justNow = seconds(Math.max(today, Date.now() - 60_000));

const person = (id: number, first_name: string) => ({ id, first_name, language_code: 'ru' });
const ANNA = person(7001, 'Анна');
const BORIS = person(7002, 'Борис');
const VERA = person(7003, 'Вера');
const GLEB = person(7004, 'Глеб');
const DINA = person(7005, 'Дина');

/**
 * The retention triangle on the dashboard, in Chromium against the real service: fake Telegram users
 * start the bot through the mirror in three different weeks (the platform's message dates say when),
 * some come back, and the triangle shows each cohort's size and shares with the counts on hover.
 */
describe('The retention triangle in a browser', () => {
  let ctx: TestApp;
  let browser: Browser;
  let watched: WatchedPage;
  let page: Page;
  const bot = { id: '', token: '' };
  let session = '';

  const userWrites = async (from: ReturnType<typeof person>, text: string, date: number) => {
    ctx.telegram.message(bot.token, { from, text, date });
    expect((await fetch(`${ctx.url}/tg/bot${bot.token}/getUpdates`)).status).toBe(200);
  };
  /** The triangle as read: each row's cells, with Russian no-break spaces as plain ones. */
  const rows = async () =>
    page
      .locator('table.retention tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) =>
          Array.from(tr.querySelectorAll('th, td')).map((cell) => (cell.textContent ?? '').replace(/\u00a0/g, ' ')),
        ),
      );

  beforeAll(async () => {
    ctx = await startTestApp({ CABINET_DIR: join(__dirname, '..', '..', 'web', 'dist') });
    const user = await registerUser(ctx);
    session = user.token;
    const bound = await bindTelegramBot(ctx, session, { name: 'Цветочная лавка' });
    Object.assign(bot, { id: bound.bot.id, token: bound.token });

    // Two weeks ago: Анна and Борис from vk, Вера without a link; last week Анна and Вера come back
    // and Глеб arrives from vk; this week Анна writes again and Дина arrives.
    const twoWeeksAgo = monday - 14 * DAY + 10 * 3600_000;
    const lastWeek = monday - 7 * DAY + 10 * 3600_000;
    await userWrites(ANNA, '/start vk', seconds(twoWeeksAgo));
    await userWrites(BORIS, '/start vk', seconds(twoWeeksAgo + 60_000));
    await userWrites(VERA, 'Здравствуйте', seconds(twoWeeksAgo + 120_000));
    await userWrites(ANNA, 'Есть доставка?', seconds(lastWeek));
    await userWrites(VERA, 'Спасибо', seconds(lastWeek + 60_000));
    await userWrites(GLEB, '/start vk', seconds(lastWeek + 120_000));
    await userWrites(ANNA, 'Хочу заказать', justNow);
    await userWrites(DINA, '/start', justNow);
    // The mirror records after it answers: wait until all five contacts are in their cohorts.
    await eventually(async () => {
      const res = await request(ctx.url)
        .get(`/api/bots/${bot.id}/retention?periods=3`)
        .set(bearer(session))
        .expect(200);
      expect(res.body.cohorts).toEqual([
        { start: expect.any(String), size: 3, retained: [3, 2, 1] },
        { start: expect.any(String), size: 1, retained: [1, 0] },
        { start: expect.any(String), size: 1, retained: [1] },
      ]);
    }, 15_000);

    browser = await launchChromium();
    watched = await WatchedPage.open(browser, { publicBase: ctx.config.publicBaseUrl, appUrl: ctx.url });
    watched.page.setDefaultTimeout(10_000);
    page = watched.page;
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

  it('shows weekly cohorts with their sizes and the share that came back, the count on hover', async () => {
    await page.goto(`${ctx.url}/bots/${bot.id}`);
    await page.getByRole('heading', { name: 'Возвращаемость' }).waitFor();
    await page.locator('table.retention').waitFor();
    const triangle = await rows();
    // Twelve weeks by default: the last three are the scripted ones, the rest empty.
    expect(triangle).toHaveLength(12);
    expect(triangle.slice(-3).map((row) => row.slice(1, 5))).toEqual([
      ['3', '100 %', '67 %', '33 %'],
      ['1', '100 %', '0 %', ''],
      ['1', '100 %', '', ''],
    ]);
    expect(triangle[0].slice(1, 3)).toEqual(['0', '—']);
    const lastWeekCell = page.locator('table.retention tbody tr').nth(9).locator('td').nth(2);
    expect((await lastWeekCell.getAttribute('title'))?.replace(/\u00a0/g, ' ')).toBe('2 из 3 (67 %)');
    await page.locator('#retention-title').scrollIntoViewIfNeeded();
    await watched.screenshot('retention-weeks');
    expect(await watched.accessibilityViolations()).toEqual([]);
  });

  it('filters by source and switches to days', async () => {
    const sourceSelect = page.locator('section[aria-labelledby="retention-title"] select');
    await sourceSelect.selectOption('vk');
    await eventually(async () =>
      expect((await rows()).slice(-3).map((row) => row.slice(1, 5))).toEqual([
        ['2', '100 %', '50 %', '50 %'],
        ['1', '100 %', '0 %', ''],
        ['0', '—', '', ''],
      ]),
    );
    await sourceSelect.selectOption('');
    await page.getByRole('button', { name: 'По дням' }).click();
    await page.getByRole('columnheader', { name: 'День 29' }).waitFor();
    const days = await rows();
    expect(days).toHaveLength(30);
    // Today's cohort: Дина alone, seen today.
    expect(days[29].slice(1)).toEqual(['1', '100 %', ...new Array<string>(29).fill('')]);
    expect(days.reduce((sum, row) => sum + Number(row[1]), 0)).toBe(5);
    await page.locator('#retention-title').scrollIntoViewIfNeeded();
    await watched.screenshot('retention-days');
    expect(await watched.accessibilityViolations()).toEqual([]);
  });
});
