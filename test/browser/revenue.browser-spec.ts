/// <reference lib="dom" />
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import request from 'supertest';
import { eventually } from '../e2e/support/eventually';
import { bindTelegramBot, registerUser } from '../e2e/support/factories';
import { bearer } from '../e2e/support/session';
import { startTestApp, TestApp } from '../e2e/support/test-app';
import { launchChromium, WatchedPage } from './support/browser';

jest.setTimeout(120_000);

const person = (id: number, first_name: string) => ({ id, first_name, language_code: 'ru' });
const ANNA = person(7101, 'Анна');
const BORIS = person(7102, 'Борис');
const GLEB = person(7103, 'Глеб');

/** Platform times a second apart, inside today (UTC) and this week, so every window and cohort holds them. */
const todayStart = Math.floor(Date.parse(new Date().toISOString().slice(0, 10)) / 1000);
let clock = Math.max(todayStart, Math.floor(Date.now() / 1000) - 60);
const tick = () => ++clock;

/** Cells' texts with Russian no-break spaces (digit groups, ₽, ⭐, %) as plain ones, as the screen reads. */
const cellsOf = (rows: Locator) =>
  rows.evaluateAll((trs) =>
    trs.map((tr) =>
      Array.from(tr.querySelectorAll('th, td')).map((cell) =>
        (cell.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ').trim(),
      ),
    ),
  );
const textOf = async (locator: Locator) => ((await locator.textContent()) ?? '').replace(/[\u00a0\u202f]/g, ' ');

/**
 * Issue 26 in Chromium against the real service: people arrive through UTM deep links, two pay through the
 * fake Telegram (Stars and roubles, the updates polled through the mirror), the bot refunds one Stars payment
 * with refundStarPayment through the mirror, and the Выручка tab, the dashboard's card and the contact card
 * show what came in, what went back and which source brought it.
 */
describe('Revenue in the cabinet, in a browser', () => {
  let ctx: TestApp;
  let browser: Browser;
  let watched: WatchedPage;
  let page: Page;
  const bot = { id: '', token: '' };
  let session = '';

  const checkScreen = async (name: string) => {
    await page.waitForLoadState('networkidle');
    await watched.screenshot(name);
    expect([name, await watched.accessibilityViolations()]).toEqual([name, []]);
  };

  beforeAll(async () => {
    ctx = await startTestApp({ CABINET_DIR: join(__dirname, '..', '..', 'web', 'dist') });
    const user = await registerUser(ctx);
    session = user.token;
    const bound = await bindTelegramBot(ctx, session, { name: 'Школа рисования' });
    Object.assign(bot, { id: bound.bot.id, token: bound.token });

    // Анна and Борис open t.me/<bot>?start=utm_source=vk|utm_campaign=winter, Глеб a link for ig.
    for (const [from, start] of [
      [ANNA, 'utm_source=vk|utm_campaign=winter'],
      [BORIS, 'utm_source=vk|utm_campaign=winter'],
      [GLEB, 'utm_source=ig'],
    ] as const)
      ctx.telegram.message(bot.token, { from, text: `/start ${start}`, date: tick() });
    // Анна buys 1,500 Stars and then 250; Глеб pays 990 roubles through a provider.
    const pay = (input: Parameters<TestApp['telegram']['successfulPayment']>[1]) =>
      ctx.telegram.pushUpdate(bot.token, ctx.telegram.successfulPayment(bot.token, { ...input, date: tick() }));
    pay({ from: ANNA, chargeId: 'stx-anna-1500', total_amount: 1500, invoice_payload: 'stars:pack-1500' });
    pay({ from: ANNA, chargeId: 'stx-anna-250', total_amount: 250, invoice_payload: 'stars:pack-250' });
    pay({
      from: GLEB,
      chargeId: 'tg-gleb-1',
      currency: 'RUB',
      total_amount: 99_000,
      invoice_payload: 'course:basic',
      provider_payment_charge_id: 'yk-gleb-1',
    });
    expect((await fetch(`${ctx.url}/tg/bot${bot.token}/getUpdates`)).status).toBe(200);
    // The bot refunds Анна's 250 Stars through the mirror.
    const refund = await fetch(`${ctx.url}/tg/bot${bot.token}/refundStarPayment`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ user_id: ANNA.id, telegram_payment_charge_id: 'stx-anna-250' }),
    });
    expect(await refund.json()).toEqual({ ok: true, result: true });
    expect(ctx.telegram.isRefunded(bot.token, 'stx-anna-250')).toBe(true);
    // The mirror records after it answers: wait for the three payments, the refund among them.
    await eventually(async () => {
      const res = await request(ctx.url).get(`/api/bots/${bot.id}/payments`).set(bearer(session)).expect(200);
      expect(
        res.body.data.map((p: { charge_id: string; refunded_at: string | null }) => [
          p.charge_id,
          p.refunded_at !== null,
        ]),
      ).toEqual([
        ['tg-gleb-1', false],
        ['stx-anna-250', true],
        ['stx-anna-1500', false],
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

  afterEach(() => expect(watched.takeErrors()).toEqual([]));

  it('the Выручка tab: totals per currency, sources with conversion, products, LTV cohorts, the latest payments', async () => {
    await page.goto(`${ctx.url}/bots/${bot.id}`);
    await page.getByRole('link', { name: 'Выручка', exact: true }).click();
    await page.waitForURL(`${ctx.url}/bots/${bot.id}/revenue`);
    await page.getByRole('heading', { name: 'Выручка', exact: true }).waitFor();

    // Stars first (most payments), then roubles, each with its own cards.
    const totals = page.locator('.revenue-currency');
    await totals.first().waitFor();
    expect(await totals.locator('h3').allTextContents()).toEqual(['⭐ Stars', 'RUB']);
    const cards = async (index: number) =>
      Promise.all((await totals.nth(index).locator('.stat').all()).map((card) => textOf(card)));
    expect(await cards(0)).toEqual([
      'Чистая выручка⭐ 1 500оплачено ⭐ 1 750 · возвраты ⭐ 250',
      'Платежи2возвращено: 1',
      'Платящие1впервые заплатили: 1',
    ]);
    expect(await cards(1)).toEqual([
      'Чистая выручка990,00 ₽оплачено 990,00 ₽ · возвраты 0,00 ₽',
      'Платежи1возвращено: 0',
      'Платящие1впервые заплатили: 1',
    ]);

    // Stars' sources: vk brought two new contacts and one payer; ig one contact who paid in roubles only.
    const sources = page.locator('table.revenue-sources tbody tr');
    expect(await cellsOf(sources)).toEqual([
      ['vk', 'winter', '2', '1', '50 %', '2', '⭐ 1 500', '⭐ 750'],
      ['ig', '—', '1', '0', '0 %', '0', '⭐ 0', '⭐ 0'],
    ]);
    expect(await cellsOf(page.locator('table.revenue-products tbody tr'))).toEqual([
      ['stars:pack-1500', '1', '⭐ 1 500'],
      ['stars:pack-250', '1', '⭐ 0'],
    ]);
    // This week's cohort: three contacts, one payer, 1,500 Stars net over three.
    const ltv = page.locator('table.ltv tbody tr');
    await ltv.first().waitFor();
    const weeks = await cellsOf(ltv);
    expect(weeks).toHaveLength(12);
    expect(weeks[11].slice(1)).toEqual(['3', '1', '⭐ 500', ...new Array<string>(11).fill('')]);
    expect(weeks[0].slice(1, 4)).toEqual(['0', '0', '—']);

    // The latest payments, newest first; the refunded one says so.
    const payments = await cellsOf(page.locator('table.payments tbody tr'));
    expect(payments.map((row) => row.slice(1))).toEqual([
      ['ID 7103', '990,00 ₽', 'course:basic', 'ig', 'оплачен'],
      ['ID 7101', '⭐ 250', 'stars:pack-250', 'vk', 'возвращён'],
      ['ID 7101', '⭐ 1 500', 'stars:pack-1500', 'vk', 'оплачен'],
    ]);
    await checkScreen('revenue-stars');

    // Roubles: the same report in the other currency, the LTV triangle with it.
    await page.getByRole('button', { name: 'RUB', exact: true }).click();
    await eventually(async () =>
      expect(await cellsOf(sources)).toEqual([
        ['ig', '—', '1', '1', '100 %', '1', '990,00 ₽', '990,00 ₽'],
        ['vk', 'winter', '2', '0', '0 %', '0', '0,00 ₽', '0,00 ₽'],
      ]),
    );
    await eventually(async () => expect((await cellsOf(ltv))[11].slice(1, 4)).toEqual(['3', '1', '330,00 ₽']));
    expect(await textOf(page.locator('section[aria-labelledby="ltv-title"] p.muted'))).toContain(', RUB.');
    await checkScreen('revenue-rub');

    // One source: vk alone pays Stars only.
    await page.locator('section[aria-labelledby="revenue-title"] select').selectOption('vk');
    await eventually(async () => expect(await totals.locator('h3').count()).toBe(0));
    expect(await cards(0)).toEqual([
      'Чистая выручка⭐ 1 500оплачено ⭐ 1 750 · возвраты ⭐ 250',
      'Платежи2возвращено: 1',
      'Платящие1впервые заплатили: 1',
    ]);

    // A payment leads to its dialog, where it stands after the message that carried it.
    await page.getByRole('link', { name: 'ID 7103' }).click();
    await page.waitForURL(`${ctx.url}/bots/${bot.id}/dialogs/7103`);
    await page.locator('.messages').getByText('/start utm_source=ig').waitFor();
    await page.locator('.payment-marker').first().waitFor();
    expect(await Promise.all((await page.locator('.payment-marker span').all()).map(textOf))).toEqual([
      'оплата: 990,00 ₽ · course:basic',
    ]);
    await page.goto(`${ctx.url}/bots/${bot.id}/dialogs/7101`);
    await page.locator('.payment-marker').nth(1).waitFor();
    expect(await Promise.all((await page.locator('.payment-marker span').all()).map(textOf))).toEqual([
      'оплата: ⭐ 1 500 · stars:pack-1500',
      'оплата: ⭐ 250 · stars:pack-250 — возвращена',
    ]);
    // The payments' own messages have no text: the markers stand for them.
    expect(await page.locator('.messages .message').allTextContents()).toEqual([
      expect.stringContaining('/start utm_source=vk|utm_campaign=winter'),
    ]);
    await checkScreen('revenue-dialog');
  });

  it('the dashboard shows the last 30 days of net revenue per currency, a click from the tab', async () => {
    await page.goto(`${ctx.url}/bots/${bot.id}`);
    const card = page.locator('section[aria-labelledby="revenue-card-title"]');
    await card.getByRole('heading', { name: 'Выручка за 30 дней' }).waitFor();
    await card.locator('dd').first().waitFor();
    expect(await Promise.all((await card.locator('dd').all()).map(textOf))).toEqual([
      '⭐ 1 500платежей: 2 · платящих: 1',
      '990,00 ₽платежей: 1 · платящих: 1',
    ]);
    await checkScreen('revenue-dashboard');
    await card.getByRole('link', { name: 'Подробнее' }).click();
    await page.waitForURL(`${ctx.url}/bots/${bot.id}/revenue`);
  });

  it("the contact card lists the contact's payments, the refund among them", async () => {
    await page.goto(`${ctx.url}/bots/${bot.id}/contacts/7101`);
    await page.getByRole('heading', { name: 'Анна' }).waitFor();
    const section = page.locator('section[aria-labelledby="payments-title"]');
    await section.locator('table.payments tbody tr').first().waitFor();
    expect(await Promise.all((await section.locator('.facts dd').all()).map(textOf))).toEqual(['2', '⭐ 1 500']);
    expect((await cellsOf(section.locator('table.payments tbody tr'))).map((row) => row.slice(1))).toEqual([
      ['⭐ 250', 'stars:pack-250', 'возвращён'],
      ['⭐ 1 500', 'stars:pack-1500', 'оплачен'],
    ]);
    await section.scrollIntoViewIfNeeded();
    await checkScreen('revenue-contact');

    // Борис never paid: his card says so.
    await page.goto(`${ctx.url}/bots/${bot.id}/contacts/7102`);
    await page.getByRole('heading', { name: 'Борис' }).waitFor();
    await page.getByText('Контакт ещё ничего не оплачивал.').waitFor();
  });

  it('fits a phone: the page never scrolls sideways, only its wide tables do', async () => {
    const phone = await WatchedPage.open(browser, {
      viewport: { width: 390, height: 844 },
      publicBase: ctx.config.publicBaseUrl,
      appUrl: ctx.url,
    });
    try {
      await phone.signInWith(session);
      await phone.page.goto(`${ctx.url}/bots/${bot.id}/revenue`);
      await phone.page.locator('table.ltv').waitFor();
      await phone.page.waitForLoadState('networkidle');
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await phone.screenshot('revenue-phone');
      expect(phone.takeErrors()).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('a bot never paid says where payments come from, and nothing more', async () => {
    const other = await bindTelegramBot(ctx, session, { name: 'Пустой бот' });
    await page.goto(`${ctx.url}/bots/${other.bot.id}/revenue`);
    await page.getByRole('heading', { name: 'За этот период платежей нет' }).waitFor();
    await page.getByText(`POST /api/v1/bots/${other.bot.id}/payments`, { exact: false }).waitFor();
    await checkScreen('revenue-empty');
    // Never paid: one explanation, no empty LTV table or payments list beside it.
    expect(await page.getByRole('heading', { name: 'Выручка на контакт по когортам (LTV)' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Последние платежи' }).count()).toBe(0);
  });
});
