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

/** The fleet's alert check runs this often here (30 s in production). */
const CHECK_MS = 300;
const BOT = 'Цветочная лавка';
const ANNA = { id: 501, first_name: 'Анна' };
const BORIS = { id: 502, first_name: 'Борис' };
const plain = (text: string) => plainText(text).trim();

/**
 * Issue 27's cabinet in Chromium against the real service with a 300 ms alert check: the owner sets the silence
 * rule to one minute on the «Здоровье» tab (a refused value shown at its field first); a user writes and the bot
 * answers through the mirror; another user writes three times and the bot, still polling, answers nothing. The
 * silence alert opens: the mail arrives, the bot list marks the bot, every screen of the bot carries the banner and
 * the tab shows the reply time, the person waiting and the alert. The bot answers again through the mirror and it
 * resolves everywhere. Messages are dated in the past on the fake platform, so nothing waits for a real minute.
 */
describe('Bot health in the cabinet (issue 27)', () => {
  let ctx: TestApp;
  let browser: Browser;
  let watched: WatchedPage;
  let page: Page;
  let session = '';
  let botId = '';
  let token = '';
  let refusalExpected = false;
  const now = Math.floor(Date.now() / 1000);

  /** The bot polls through the mirror, as a mirrored bot does. */
  const poll = async () => expect((await fetch(`${ctx.url}/tg/bot${token}/getUpdates`)).status).toBe(200);
  const answer = async (chatId: number, text: string) => {
    const sent = await fetch(`${ctx.url}/tg/bot${token}/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chat_id: chatId, text }),
    });
    expect(sent.status).toBe(200);
  };
  const health = async () =>
    (await request(ctx.url).get(`/api/bots/${botId}/health`).set(bearer(session)).expect(200)).body;
  const alerts = async (state: string) =>
    (await request(ctx.url).get(`/api/bots/${botId}/alerts?state=${state}`).set(bearer(session)).expect(200)).body.data;
  /** A time as the cabinet shows it, formatted by the browser itself (its zone is Europe/Moscow). */
  const shown = (iso: string) =>
    page.evaluate(
      (value) =>
        new Intl.DateTimeFormat('ru-RU', {
          day: 'numeric',
          month: 'short',
          year: 'numeric',
          hour: '2-digit',
          minute: '2-digit',
        }).format(new Date(value)),
      iso,
    );
  const rows = async (selector: string) =>
    (
      await page
        .locator(`${selector} tbody tr`)
        .evaluateAll((trs) =>
          trs.map((tr) => Array.from(tr.querySelectorAll('th, td')).map((c) => (c as HTMLElement).innerText)),
        )
    ).map((cells) => cells.map(plain));
  const stats = async () =>
    (
      await page
        .locator('section[aria-labelledby="reply-title"] .stat')
        .evaluateAll((cards) => cards.map((card) => (card as HTMLElement).innerText))
    ).map(plain);
  const banner = () => page.locator('section.alert-banner');
  const checkScreen = async (name: string) => {
    await page.waitForLoadState('networkidle');
    await watched.screenshot(name);
    expect([name, await watched.accessibilityViolations()]).toEqual([name, []]);
  };

  beforeAll(async () => {
    ctx = await startTestApp({
      CABINET_DIR: join(__dirname, '..', '..', 'web', 'dist'),
      HEALTH_CHECK_INTERVAL_MS: String(CHECK_MS),
    });
    const owner = await registerUser(ctx);
    session = owner.token;
    const bound = await bindTelegramBot(ctx, session, { name: BOT });
    botId = bound.bot.id;
    token = bound.token;
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
    const errors = watched.takeErrors();
    expect(refusalExpected ? errors.filter((error) => !/status of 400/.test(error)) : errors).toEqual([]);
    refusalExpected = false;
  });

  it('a new bot says what the tab will show; the silence rule is set to a minute, a refusal shown at its field', async () => {
    await page.goto(`${ctx.url}/bots/${botId}`);
    const tab = page.getByRole('navigation', { name: 'Разделы бота' }).getByRole('link', { name: 'Здоровье' });
    await tab.click();
    await page.waitForURL(`${ctx.url}/bots/${botId}/health`);
    await page.getByRole('heading', { name: 'Сообщений пока нет' }).waitFor();
    expect(await tab.getAttribute('aria-current')).toBe('page');
    await page.getByText('Никто не ждёт ответа дольше 5 мин.').waitFor();
    await page.getByText('Тревог ещё не было.').waitFor();
    expect(await page.getByLabel('Окно ответа, секунд').inputValue()).toBe('300');
    await checkScreen('health-01-empty');

    const minutes = page.getByLabel('Ждут дольше, минут');
    expect(await minutes.inputValue()).toBe('10');
    refusalExpected = true;
    await minutes.fill('0');
    await page.getByRole('button', { name: 'Сохранить правила' }).click();
    const refusal = page.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.innerText()).toBe('alerts.silence_minutes must be an integer from 1 to 1440');
    expect(await minutes.getAttribute('aria-invalid')).toBe('true');
    await checkScreen('health-02-refused');

    await minutes.fill('1');
    await page.getByRole('button', { name: 'Сохранить правила' }).click();
    await page.getByRole('status').filter({ hasText: 'Правила сохранены.' }).waitFor();
    const bot = (await request(ctx.url).get(`/api/bots/${botId}`).set(bearer(session)).expect(200)).body;
    expect([bot.reply_window_s, bot.alerts]).toEqual([
      300,
      {
        silence: true,
        silence_messages: 3,
        silence_minutes: 1,
        errors: true,
        error_share: 0.2,
        target: true,
        polling: true,
        polling_minutes: 5,
      },
    ]);
  });

  it('the bot answers, then stops: the alert opens once, with a mail, a mark in the list and a banner', async () => {
    // Anna wrote twenty minutes ago and the bot answers her now, through the mirror.
    // Twenty minutes before this moment, not the file's start: the reply time shown is to the minute.
    const annaWrote = Math.floor(Date.now() / 1000) - 20 * 60;
    ctx.telegram.message(token, { from: ANNA, text: 'Здравствуйте, розы есть?', date: annaWrote });
    await poll();
    await eventually(async () => expect((await health()).last_inbound_at).not.toBeNull());
    await answer(ANNA.id, 'Есть, красные и белые!');
    await eventually(async () => expect((await health()).reply_time.replied).toBe(1));
    expect(await alerts('open')).toEqual([]);

    // Boris wrote three times a quarter of an hour ago; the bot polls them and answers nothing.
    for (const [offset, text] of [
      [0, 'Добрый день'],
      [1, 'Можно заказать букет на завтра?'],
      [2, 'Ау?'],
    ] as const)
      ctx.telegram.message(token, { from: BORIS, text, date: now - 15 * 60 + offset });
    await poll();
    const [opened] = await eventually(async () => {
      const open = await alerts('open');
      expect(open).toHaveLength(1);
      return open;
    }, 10_000);
    expect(opened).toMatchObject({ kind: 'silence', resolved_at: null, details: { unanswered: 3 } });
    expect(opened.details.since).toBe(new Date((now - 15 * 60) * 1000).toISOString());

    const mail = await ctx.smtp.waitFor((m) => m.subject === `Botlens: проблема с ботом «${BOT}»`);
    const moscow = new Date(opened.details.since).toLocaleString('ru-RU', {
      timeZone: 'Europe/Moscow',
      dateStyle: 'long',
      timeStyle: 'short',
    });
    expect(mail.text.split('\n').slice(0, 2)).toEqual([
      `С ботом «${BOT}» проблема: бот перестал отвечать: входящие сообщения остаются без ответа.`,
      `С ${moscow} (МСК).`,
    ]);

    await page.goto(`${ctx.url}/bots`);
    const mark = page.getByRole('link', { name: 'тревога', exact: true });
    await mark.waitFor();
    expect(await mark.getAttribute('href')).toBe(`/bots/${botId}/health`);
    await checkScreen('health-03-list-mark');

    // The banner is on every screen of the bot, saying what happened and since when.
    const sentence = `Бот перестал отвечать: 3 сообщ. ждут ответа, первое с ${await shown(opened.details.since)}.`;
    await page.goto(`${ctx.url}/bots/${botId}/contacts`);
    await banner().getByText(sentence, { exact: true }).waitFor();
    expect(plain(await banner().innerText())).toBe(
      `С ботом проблема\n${sentence}\nПодробнее на вкладке «Здоровье»`.replace(/\u00a0/g, ' '),
    );
    await checkScreen('health-04-banner');
    await page.goto(`${ctx.url}/bots/${botId}`);
    await banner().getByText(sentence, { exact: true }).waitFor();
  });

  it('the Здоровье tab shows the reply time, who waits and how long, and the open alert', async () => {
    await banner().getByRole('link', { name: 'Подробнее на вкладке «Здоровье»' }).click();
    await page.waitForURL(`${ctx.url}/bots/${botId}/health`);
    await page.locator('table.waiting').waitFor();
    // The banner stays, without the way to the tab it is on.
    expect(await banner().getByRole('link').count()).toBe(0);
    // One answer, twenty minutes after Anna wrote; she was answered past the five-minute window, so all four wait.
    expect(await stats()).toEqual([
      'Обычно (медиана)\n20 мин',
      '9 из 10 быстрее\n20 мин',
      '99 из 100 быстрее\n20 мин',
      'Без ответа\n100 %\n4 из 4 входящих',
    ]);
    const since = await shown(new Date((now - 15 * 60) * 1000).toISOString());
    // A quarter of an hour, and more the longer a loaded machine took to get here: the minutes waited so far.
    const waitedBefore = Math.floor((Date.now() / 1000 - (now - 15 * 60)) / 60);
    const [waiting] = await rows('table.waiting');
    const waitedAfter = Math.ceil((Date.now() / 1000 - (now - 15 * 60)) / 60);
    expect(waiting).toEqual(['Борис', 'Ау?', expect.stringMatching(/^\d+ мин$/), since]);
    const waited = parseInt(waiting[2], 10);
    expect(waited).toBeGreaterThanOrEqual(Math.max(15, waitedBefore));
    expect(waited).toBeLessThanOrEqual(waitedAfter);
    expect(await page.locator('table.waiting a').getAttribute('href')).toBe(`/bots/${botId}/dialogs/${BORIS.id}`);
    await page.getByText('За этот период платформа не отклонила ни одного вызова бота.').waitFor();
    const [opened] = await alerts('open');
    expect(await rows('table.alert-history')).toEqual([
      [
        'Молчание',
        `Бот перестал отвечать: 3 сообщ. ждут ответа, первое с ${since}.`,
        await shown(opened.opened_at),
        'идёт сейчас',
      ],
    ]);
    await page
      .getByRole('img', { name: 'График времени ответа по дням: медиана и 90-й процентиль, в минутах' })
      .waitFor();
    await checkScreen('health-05-tab');

    // On a phone the page does not scroll sideways: the tables scroll in their own frames, the charts narrow.
    await page.setViewportSize({ width: 390, height: 844 });
    await eventually(async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390),
    );
    await checkScreen('health-05-phone');
    await page.setViewportSize({ width: 1280, height: 860 });

    // The waiting person is one click from the dialog.
    await page.locator('table.waiting').getByRole('link', { name: 'Борис' }).click();
    await page.waitForURL(`${ctx.url}/bots/${botId}/dialogs/${BORIS.id}`);
    await page.getByText('Можно заказать букет на завтра?').waitFor();
  });

  it('the bot answers again: the alert resolves, with a mail, and the banner and the mark go', async () => {
    await answer(BORIS.id, 'Да, соберём к утру!');
    const [resolved] = await eventually(async () => {
      const list = await alerts('resolved');
      expect(list).toHaveLength(1);
      return list;
    }, 10_000);
    expect(await alerts('open')).toEqual([]);
    await ctx.smtp.waitFor((m) => m.subject === `Botlens: бот «${BOT}» снова в порядке`);

    await page.goto(`${ctx.url}/bots/${botId}/health`);
    await page.getByText('Никто не ждёт ответа дольше 5 мин.').waitFor();
    expect(await banner().count()).toBe(0);
    const since = await shown(resolved.details.since);
    expect(await rows('table.alert-history')).toEqual([
      [
        'Молчание',
        `Бот перестал отвечать: 3 сообщ. ждут ответа, первое с ${since}.`,
        await shown(resolved.opened_at),
        await shown(resolved.resolved_at),
      ],
    ]);
    // Boris's three messages were answered a quarter of an hour late: they count as unanswered, with their time.
    expect((await stats())[3]).toBe('Без ответа\n100 %\n4 из 4 входящих');
    expect((await health()).reply_time.replied).toBe(4);
    await checkScreen('health-06-resolved');

    await page.goto(`${ctx.url}/bots`);
    await page.getByRole('link', { name: BOT }).waitFor();
    expect(await page.getByRole('link', { name: 'тревога', exact: true }).count()).toBe(0);
  });
});
