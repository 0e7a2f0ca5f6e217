/// <reference lib="dom" />
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import request from 'supertest';
import { eventually } from '../e2e/support/eventually';
import { bindTelegramBot, registerUser } from '../e2e/support/factories';
import { bearer } from '../e2e/support/session';
import { startTestApp, TestApp } from '../e2e/support/test-app';
import { launchChromium, plainText, WatchedPage } from './support/browser';

jest.setTimeout(120_000);

/**
 * A test minute of winner_after_minutes: the shortest wait (10 minutes) is 15 seconds, time enough for
 * the clicks and the reply to land before the winner is chosen, even on a busy machine.
 */
const MINUTE_MS = 1500;
const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0';
const SHOP_URL = 'https://shop.example/spring';
const TEXT_A = `Весенняя коллекция уже в магазине: ${SHOP_URL}`;
const TEXT_B = 'Ответьте «да» — и мы отложим для вас весенний букет.';

const USERS = [6101, 6102, 6103, 6104, 6105, 6106].map((id, i) => ({
  id,
  first_name: ['Анна', 'Борис', 'Вера', 'Глеб', 'Дина', 'Егор'][i],
  language_code: 'ru',
}));

const plain = plainText;

/**
 * Issue 28's journey in Chromium against the real service and the fake Telegram: an A/B broadcast with a
 * tracked link is written in the cabinet (a refusal shown at its field first), half of the contacts test
 * it, the testers of the variant with the link open their own links, the tester of the other replies,
 * the winner by clicks goes to the rest, and the outcome card shows each variant's numbers and the winner.
 */
describe('A broadcast’s outcomes and A/B variants in a browser', () => {
  let ctx: TestApp;
  let browser: Browser;
  let owner: WatchedPage;
  let page: Page;
  const bot = { id: '', token: '' };
  let session = '';
  /** The step that provokes a refusal on purpose lets the browser's console line for that 400 pass. */
  let refusalsExpected = false;

  let clock = Math.floor(Date.now() / 1000) - 600;
  const userWrites = async (from: (typeof USERS)[number], text: string, date = ++clock) => {
    ctx.telegram.message(bot.token, { from, text, date });
    expect((await fetch(`${ctx.url}/tg/bot${bot.token}/getUpdates`)).status).toBe(200);
  };
  const broadcasts = async () =>
    (await request(ctx.url).get(`/api/bots/${bot.id}/broadcasts`).set(bearer(session)).expect(200)).body.data;
  const waitForText = (text: string | RegExp) => page.getByText(text).first().waitFor({ state: 'visible' });
  /** The outcome card's totals as read: label, value and detail of each. */
  const totals = async () =>
    (await page.locator('.outcome-stats .stat').allInnerTexts()).map((card) => plain(card).split('\n'));
  /** The variants' table as read, row by row. */
  const variantRows = () =>
    page
      .locator('table.variants-table tr')
      .evaluateAll((trs) =>
        trs.map((tr) =>
          Array.from(tr.querySelectorAll('th, td')).map((cell) =>
            (cell.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ').trim(),
          ),
        ),
      );

  beforeAll(async () => {
    ctx = await startTestApp({
      CABINET_DIR: join(__dirname, '..', '..', 'web', 'dist'),
      BROADCAST_RATE_PER_SECOND: '50',
      BROADCAST_WINNER_MINUTE_MS: String(MINUTE_MS),
    });
    const user = await registerUser(ctx);
    session = user.token;
    const bound = await bindTelegramBot(ctx, session, { name: 'Цветочная лавка' });
    Object.assign(bot, { id: bound.bot.id, token: bound.token });
    for (const from of USERS) await userWrites(from, '/start');
    browser = await launchChromium();
    owner = await WatchedPage.open(browser, { publicBase: ctx.config.publicBaseUrl, appUrl: ctx.url });
    page = owner.page;
    page.setDefaultTimeout(15_000);
    await owner.signInWith(session);
  });

  afterAll(async () => {
    await owner?.close().catch(() => undefined);
    await browser?.close();
    await ctx?.close();
  });

  afterEach(() => {
    const errors = owner.takeErrors();
    expect(refusalsExpected ? errors.filter((error) => !/status of 400/.test(error)) : errors).toEqual([]);
    refusalsExpected = false;
  });

  it('writes two variants with a tracked link, a refusal shown at its field first, and sends them to half', async () => {
    await page.goto(`${ctx.url}/bots/${bot.id}/broadcasts`);
    await waitForText('Получателей сейчас: 6');
    await page.getByLabel('Текст сообщения').fill(TEXT_A);
    await page.getByRole('switch', { name: 'A/B-тест: несколько вариантов текста' }).check();
    // The text already written is variant A.
    expect(await page.getByLabel('Текст варианта A').inputValue()).toBe(TEXT_A);
    await page.getByLabel('Текст варианта B').fill(TEXT_B);
    await page.getByRole('button', { name: 'Добавить вариант C' }).click();
    await page.getByRole('button', { name: 'Убрать вариант C' }).click();
    expect(await page.locator('fieldset.variant legend').allInnerTexts()).toEqual(['Вариант A', 'Вариант B']);
    await page.getByLabel('Доля получателей в тесте, %').fill('50');
    await page.getByLabel('Выбрать победителя через, мин').fill('10');
    await page.getByLabel('Победитель — по').selectOption({ label: 'кликам' });
    await waitForText('Тестовая доля делится поровну между вариантами A, B; остальным уйдёт вариант-победитель.');

    // Clicks without tracked links: the service refuses, and says so at the metric.
    refusalsExpected = true;
    await page.getByRole('button', { name: 'Отправить…' }).click();
    await page.getByRole('alertdialog').getByText('Отправить рассылку сейчас? Получателей: 6.').waitFor();
    await page.getByRole('button', { name: 'Да, отправить' }).click();
    const metric = page.getByLabel('Победитель — по');
    await page.getByRole('alert').getByText('winner_metric clicked needs track_links: true').waitFor();
    expect(await metric.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    await owner.screenshot('outcomes-01-refused-at-field');
    expect(await broadcasts()).toEqual([]);

    const track = page.getByRole('switch', { name: 'Отслеживать ссылки' });
    await track.check();
    // Any change clears the refusal.
    expect(await page.getByText('winner_metric clicked needs track_links: true').count()).toBe(0);
    await waitForText(
      'Каждая ссылка в тексте уйдёт каждому получателю своей короткой ссылкой — так видно, кто по ней перешёл.',
    );
    await page.waitForLoadState('networkidle');
    await owner.screenshot('outcomes-02-composer-ab');
    expect(await owner.accessibilityViolations()).toEqual([]);
    await page.getByRole('button', { name: 'Отправить…' }).click();
    await page.getByRole('button', { name: 'Да, отправить' }).click();
    await waitForText('Рассылка запущена: ход отправки — в списке ниже.');

    const [created] = await broadcasts();
    expect(created).toMatchObject({
      text: TEXT_A,
      track_links: true,
      test_share: 0.5,
      winner_after_minutes: 10,
      winner_metric: 'clicked',
      winner: null,
    });
    expect(created.variants.map((variant: { text: string }) => variant.text)).toEqual([TEXT_A, TEXT_B]);
  });

  it('the testers of A open their own links, the tester of B replies; the card shows each variant and the winner by clicks', async () => {
    // Half of six test: dealt A, B, A in the draw's order; the other three wait for the winner.
    const testers = await eventually(async () => {
      const sent = ctx.telegram.sentMessages(bot.token);
      expect(sent).toHaveLength(3);
      return sent;
    });
    const personal = new RegExp(`^Весенняя коллекция уже в магазине: ${ctx.config.publicBaseUrl}/l/(\\w+)/([\\w-]+)$`);
    const ofA = testers.filter((message) => personal.test(message.text ?? ''));
    const ofB = testers.filter((message) => message.text === TEXT_B);
    expect([ofA.length, ofB.length]).toEqual([2, 1]);

    // Each tester of A opens the link the fake Telegram recorded for it, the first one twice (counted once).
    const links = ofA.map((message) => message.text!.slice(message.text!.indexOf(ctx.config.publicBaseUrl)));
    expect(new Set(links).size).toBe(2);
    for (const link of [links[0], links[0], links[1]]) {
      const res = await fetch(link.replace(ctx.config.publicBaseUrl, ctx.url), {
        redirect: 'manual',
        headers: { 'User-Agent': BROWSER_UA },
      });
      expect([res.status, res.headers.get('location')]).toEqual([302, SHOP_URL]);
    }
    // The tester of B replies, twice (counted once), dated now: after their send.
    const replier = USERS.find((user) => user.id === ofB[0].chat.id)!;
    const now = Math.floor(Date.now() / 1000);
    await userWrites(replier, 'Да!', now);
    await userWrites(replier, 'Отложите, пожалуйста, розовый', now);

    // While the test waits, the card (read every 5 s while it waits for the winner) shows who did what.
    await waitForText(/^Победитель по кликам будет выбран через 10 мин после отправки тестовой доли \(50\s%\)\.$/);
    await eventually(
      async () =>
        expect((await variantRows()).slice(1).map((row) => row.slice(1))).toEqual([
          [TEXT_A, TEXT_B],
          ['2', '1'],
          ['2 · 100 %', '0 · 0 %'],
          ['0 · 0 %', '1 · 100 %'],
          ['нет оплат', 'нет оплат'],
          ['0 · 0 %', '0 · 0 %'],
          ['0', '0'],
        ]),
      12_000,
    );
    await page.locator('#outcomes-title').scrollIntoViewIfNeeded();
    await owner.screenshot('outcomes-03-test-running');

    // The winner (A, by clicks) goes to the other three, and the broadcast is done.
    const done = await eventually(async () => {
      const [broadcast] = await broadcasts();
      expect(broadcast).toMatchObject({ status: 'done', winner: 0, sent_count: 6 });
      return broadcast;
    }, 40_000);
    expect(
      ctx.telegram
        .sentMessages(bot.token)
        .slice(3)
        .every((message) => personal.test(message.text ?? '')),
    ).toBe(true);

    const row = page.getByRole('row').filter({ hasText: 'Весенняя коллекция' });
    await row.getByText('завершена').waitFor();
    const chosenAt = new Intl.DateTimeFormat('ru-RU', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Europe/Moscow',
    }).format(new Date(done.winner_chosen_at));
    await page
      .locator('.variants-summary')
      .getByText(plain(`Победитель — вариант A (по кликам), выбран ${chosenAt}.`))
      .waitFor();
    expect(plain(await page.locator('.variants-summary').innerText())).toBe(
      plain(`Победитель — вариант A (по кликам), выбран ${chosenAt}.`),
    );
    expect(plain(await page.getByRole('heading', { name: /^Итоги рассылки от / }).innerText())).toBe(
      plain(
        `Итоги рассылки от ${new Intl.DateTimeFormat('ru-RU', {
          day: 'numeric',
          month: 'short',
          year: 'numeric',
          hour: '2-digit',
          minute: '2-digit',
          timeZone: 'Europe/Moscow',
        }).format(new Date(done.created_at))}`,
      ),
    );
    expect(await totals()).toEqual([
      ['Доставлено', '6'],
      ['Перешли по ссылке', '2', '33 % доставленных'],
      ['Ответили', '1', '17 % доставленных'],
      ['Выручка', '—', 'нет оплат'],
      ['Заблокировали после', '0', '0 % доставленных'],
      ['Не доставлено', '0'],
      ['Уже заблокировали бота', '0'],
    ]);
    expect(await variantRows()).toEqual([
      ['', 'Вариант Aпобедитель', 'Вариант B'],
      ['Текст', TEXT_A, TEXT_B],
      ['Доставлено', '5', '1'],
      ['Перешли по ссылке', '2 · 40 %', '0 · 0 %'],
      ['Ответили', '0 · 0 %', '1 · 100 %'],
      ['Выручка', 'нет оплат', 'нет оплат'],
      ['Заблокировали после', '0 · 0 %', '0 · 0 %'],
      ['Не доставлено', '0', '0'],
    ]);
    await page.locator('#outcomes-title').scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    await owner.screenshot('outcomes-04-winner');
    expect(await owner.accessibilityViolations()).toEqual([]);
  });
});
