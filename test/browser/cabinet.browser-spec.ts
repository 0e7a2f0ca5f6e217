/// <reference lib="dom" />
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import request from 'supertest';
import { mailedCode, registerUnconfirmed, telegramToken, uniqueEmail } from '../e2e/support/factories';
import { addMember, upgradeToBusiness } from '../e2e/support/team';
import { startTestApp, TestApp } from '../e2e/support/test-app';
import { ARTIFACTS, launchChromium, WatchedPage } from './support/browser';
import { bearer } from '../e2e/support/session';

jest.setTimeout(120_000);

const SIGN_IN_JS_BUDGET = 250 * 1024;
const PASSWORD = 'secret-password';
/** A 1×1 PNG: the profile photo the fake Telegram gives the first user. */
const HISTORY: Array<[string, string, number]> = [
  ['Дмитрий', 'utm_source=vk|utm_campaign=spring', 20],
  ['Ольга', 'utm_source=vk|utm_campaign=spring', 18],
  ['Сергей', 'tg_channel', 17],
  ['Мария', 'utm_source=instagram|utm_campaign=stories', 15],
  ['Иван', 'tg_channel', 12],
  ['Екатерина', 'utm_source=vk|utm_campaign=spring', 11],
  ['Алексей', 'utm_source=instagram|utm_campaign=stories', 9],
  ['Наталья', 'tg_channel', 6],
  ['Павел', 'utm_source=vk|utm_campaign=autumn', 4],
  ['Юлия', 'utm_source=instagram|utm_campaign=stories', 3],
  ['Михаил', 'tg_channel', 2],
  ['Татьяна', 'utm_source=vk|utm_campaign=autumn', 1],
];
const PHOTO = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkaPj/HwAFBQIAoSWZ8wAAAABJRU5ErkJggg==';

/**
 * Journeys through the real cabinet in Chromium, as a person walks them: the built app served by
 * the real service on a fresh database, real Redis, the fake Telegram and the SMTP catcher.
 * The steps share one account and one bot, so they run in order.
 */
describe('The cabinet in a browser', () => {
  let ctx: TestApp;
  let browser: Browser;
  let owner: WatchedPage;
  let page: Page;
  const pages: WatchedPage[] = [];
  const owned = { email: uniqueEmail('owner'), botId: '', token: '', session: '' };

  let clock = Math.floor(Date.now() / 1000) - 600;
  const pollThroughMirror = async () => {
    const polled = await fetch(`${ctx.url}/tg/bot${owned.token}/getUpdates`);
    expect(polled.status).toBe(200);
  };
  /** A fake user writes to the bot (a second apart, so the order is plain) and the bot polls through the mirror, as a mirrored bot would. */
  const userWrites = async (
    from: { id: number; first_name: string; username?: string; language_code?: string },
    text: string,
  ) => {
    clock += 1;
    ctx.telegram.message(owned.token, { from, text, date: clock });
    await pollThroughMirror();
  };
  const open = async (viewport?: { width: number; height: number }) => {
    const watched = await WatchedPage.open(browser, {
      viewport,
      publicBase: ctx.config.publicBaseUrl,
      appUrl: ctx.url,
    });
    pages.push(watched);
    return watched;
  };
  const checkScreen = async (watched: WatchedPage, name: string) => {
    await watched.page.waitForLoadState('networkidle');
    await watched.screenshot(name);
    expect([name, await watched.accessibilityViolations()]).toEqual([name, []]);
  };
  const waitForText = (target: Page, text: string | RegExp) =>
    target.getByText(text).first().waitFor({ state: 'visible', timeout: 10_000 });

  beforeAll(async () => {
    ctx = await startTestApp({
      CABINET_DIR: join(__dirname, '..', '..', 'web', 'dist'),
      LIVE_SESSION_CHECK_MS: '1000',
    });
    browser = await launchChromium();
    owner = await open();
    page = owner.page;
  });

  afterAll(async () => {
    for (const watched of pages) await watched.close().catch(() => undefined);
    await browser?.close();
    await ctx?.close();
  });

  afterEach(() => {
    // No uncaught error, console error or CSP violation on any page during any step.
    expect(pages.flatMap((watched) => watched.takeErrors())).toEqual([]);
  });

  it('opening a route without a session goes to sign-in; the sign-in page stays within its JavaScript budget', async () => {
    const scripts = new Map<string, number>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script')
        scripts.set(response.url(), Number(response.headers()['content-length'] ?? 0));
    });
    await page.goto(`${ctx.url}/bots`);
    await page.waitForURL(`${ctx.url}/login?next=%2Fbots`);
    await page.getByRole('heading', { name: 'Вход в Botlens' }).waitFor();
    await page.waitForLoadState('networkidle');
    const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
    writeFileSync(
      join(ARTIFACTS, 'sign-in-js.json'),
      JSON.stringify({ bytes: total, scripts: Object.fromEntries(scripts) }, null, 2),
    );
    expect(scripts.size).toBeGreaterThan(0);
    expect([...scripts.values()].every((size) => size > 0)).toBe(true);
    expect(total).toBeLessThanOrEqual(SIGN_IN_JS_BUDGET);
    // The chart library and the other screens are not part of it.
    expect([...scripts.keys()].filter((url) => /Dashboard|Dialogs|Contacts|Settings|BotsPage/.test(url))).toEqual([]);

    const email = page.locator('input[name=email]');
    expect(await email.getAttribute('type')).toBe('email');
    expect(await page.locator('input[name=password]').getAttribute('type')).toBe('password');
    await checkScreen(owner, '01-sign-in');
  });

  it('registers with the code from the mail and lands on the route first asked for', async () => {
    await page.getByRole('link', { name: 'Зарегистрироваться' }).click();
    await page.getByRole('heading', { name: 'Регистрация' }).waitFor();
    await checkScreen(owner, '02-register');
    await page.getByLabel('Email').fill(owned.email);
    await page.getByLabel('Пароль').fill(PASSWORD);
    const mailsBefore = ctx.smtp.messages.length;
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    const codeInput = page.getByLabel('Код из письма');
    await codeInput.waitFor();
    expect(await codeInput.getAttribute('autocomplete')).toBe('one-time-code');
    await checkScreen(owner, '03-code');

    // Resending mails a second code; the newest one confirms.
    await page.getByRole('button', { name: 'Отправить код ещё раз' }).click();
    await waitForText(page, 'Новый код отправлен.');
    await mailedCode(ctx, owned.email, mailsBefore);
    await ctx.smtp.waitFor((m) => m.to.includes(owned.email) && ctx.smtp.messages.indexOf(m) > mailsBefore);
    const code = await mailedCode(ctx, owned.email, mailsBefore + 1);
    await codeInput.fill(code);
    await page.getByRole('button', { name: 'Подтвердить' }).click();
    await page.waitForURL(`${ctx.url}/bots`);
    await waitForText(page, 'Ботов пока нет');
    owned.session = (await page.evaluate(() => window.localStorage.getItem('botlens.session'))) ?? '';
    expect(owned.session).toMatch(/^bls_/);
    await checkScreen(owner, '04-bots-empty');
  });

  it('binds a Telegram bot by its token and shows how to connect it', async () => {
    const { token, id } = telegramToken();
    owned.token = token;
    ctx.telegram.addBot({ token, id, username: `shop${id}_bot`, first_name: 'Shop' });
    await page.getByLabel('Название').fill('Магазин');
    await page.getByLabel('Токен бота').fill(token);
    await page.getByRole('button', { name: 'Добавить' }).click();
    await page.waitForURL(/\/bots\/[^/]+\/settings$/);
    owned.botId = page.url().split('/').at(-2)!;
    await page.getByRole('heading', { name: 'Подключение' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Адрес зеркала (mirror_url)' }).inputValue()).toBe(
      'https://botlens.test/tg',
    );
    expect(await page.getByRole('textbox', { name: 'grammY', exact: true }).inputValue()).toBe(
      "new Bot(token, { client: { apiRoot: 'https://botlens.test/tg' } })",
    );
    await waitForText(page, 'Вебхук не подключён');
    // The token is never shown back.
    expect(await page.content()).not.toContain(token);
    await checkScreen(owner, '05-settings');
  });

  it('a new bot with no traffic says how to connect it', async () => {
    await page.getByRole('link', { name: 'Обзор' }).click();
    await waitForText(page, 'Данных пока нет');
    await page.getByRole('link', { name: 'Как подключить' }).waitFor();
    await checkScreen(owner, '06-dashboard-empty');
  });

  it('a user who starts the bot through the mirror with a UTM link shows on the dashboard: contact, source and chart', async () => {
    // Three weeks of earlier visitors, so the chart and the sources have a history to show.
    HISTORY.forEach(([name, link, daysAgo], index) => {
      const date = Math.floor(Date.now() / 1000) - daysAgo * 86_400;
      const from = { id: 4000 + index, first_name: name, language_code: 'ru' };
      ctx.telegram.message(owned.token, { from, text: `/start ${link}`, date });
      ctx.telegram.message(owned.token, { from, text: 'Здравствуйте! Хочу узнать про заказ', date: date + 60 });
    });
    await pollThroughMirror();
    ctx.telegram.addProfilePhoto(owned.token, 5001, Buffer.from(PHOTO, 'base64'));
    await userWrites(
      { id: 5001, first_name: 'Анна', username: 'anna_k', language_code: 'ru' },
      '/start utm_source=vk|utm_campaign=spring',
    );
    await userWrites({ id: 5002, first_name: 'Борис', username: 'boris', language_code: 'en' }, '/start tg_channel');
    await userWrites({ id: 5003, first_name: 'Вера', language_code: 'ru' }, '/start');
    await userWrites(
      { id: 5001, first_name: 'Анна', username: 'anna_k', language_code: 'ru' },
      'Сколько стоит доставка?',
    );
    await page.reload();
    await page.locator('.stat-lead .stat-value').first().waitFor();
    await waitForText(page, 'Контактов всего');
    expect(await page.locator('.stat-lead .stat-value').first().textContent()).toBe(String(HISTORY.length + 3));
    // Anna joins the three earlier visitors from the vk spring link: 4 contacts, 4 touches.
    expect(await page.getByRole('row').filter({ hasText: 'spring' }).getByRole('cell').allTextContents()).toEqual([
      'vk',
      'spring',
      '4',
      '4',
    ]);
    await page.locator('.chart canvas').first().waitFor();
    for (const period of ['90 дн.', '30 дн.']) {
      await page.getByRole('button', { name: period }).click();
      expect(await page.getByRole('button', { name: period }).getAttribute('aria-pressed')).toBe('true');
    }
    await checkScreen(owner, '07-dashboard');
  });

  it('the mappings editor merges a raw link value into a named source and campaign, and the sources table regroups', async () => {
    await page.getByText('Сопоставление меток').click();
    await waitForText(page, 'Правил нет');
    await page.getByRole('button', { name: 'Добавить правило' }).click();
    await page.getByLabel('Метка в ссылке').fill('tg_channel');
    await page.getByLabel('Источник', { exact: true }).last().fill('telegram');
    await page.getByLabel('Кампания', { exact: true }).last().fill('анонсы');
    await page.getByRole('button', { name: 'Сохранить правила' }).click();
    await waitForText(page, 'Правила сохранены.');
    await page.getByRole('row').filter({ hasText: 'анонсы' }).waitFor();
    expect(await page.getByRole('row').filter({ hasText: 'анонсы' }).getByRole('cell').allTextContents()).toEqual([
      'telegram',
      'анонсы',
      '5',
      '5',
    ]);
    expect(await page.getByRole('cell', { name: 'tg_channel', exact: true }).count()).toBe(0);
    await checkScreen(owner, '07-dashboard-mappings');
  });

  it('the contacts search finds the contact, and the card shows where they came from', async () => {
    await page.getByRole('link', { name: 'Контакты' }).click();
    await page.getByRole('link', { name: 'Борис' }).waitFor();
    await page.getByLabel('Поиск по имени или username').fill('anna');
    await page.waitForURL(/\/contacts\?q=anna$/);
    await page.getByRole('link', { name: 'Анна' }).waitFor();
    await page.getByRole('link', { name: 'Борис' }).waitFor({ state: 'detached' });
    const cells = await page.getByRole('row').filter({ hasText: 'anna_k' }).getByRole('cell').allTextContents();
    expect([...cells.slice(0, 4), ...cells.slice(6)]).toEqual(['Анна', '@anna_k', 'vk', 'spring', '2', 'ru', 'нет']);
    await checkScreen(owner, '08-contacts');
    await page.getByRole('link', { name: 'Анна' }).click();
    await page.waitForURL(`${ctx.url}/bots/${owned.botId}/contacts/5001`);
    await page.getByRole('heading', { name: 'Откуда пришёл' }).waitFor();
    await page.getByText('spring', { exact: true }).waitFor();
    await page.getByRole('img', { name: 'Фото Анна' }).waitFor();
    // The element shows before its picture has loaded: wait for the load (or its error, which gives width 0).
    const loadedWidth = await page.getByRole('img', { name: 'Фото Анна' }).evaluate(
      (img: HTMLImageElement) =>
        new Promise<number>((resolve) => {
          if (img.complete) return resolve(img.naturalWidth);
          img.addEventListener('load', () => resolve(img.naturalWidth));
          img.addEventListener('error', () => resolve(0));
        }),
    );
    expect(loadedWidth).toBe(1);
    await checkScreen(owner, '09-contact-card');
  });

  it('a new message appears in the open dialogs screen without a reload, and the owner replies', async () => {
    await page.getByRole('link', { name: 'Открыть диалог' }).click();
    await page.waitForURL(`${ctx.url}/bots/${owned.botId}/dialogs/5001`);
    await waitForText(page, 'Сколько стоит доставка?');
    await waitForText(page, 'Обновляется в реальном времени');
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

    await userWrites({ id: 5002, first_name: 'Борис', username: 'boris', language_code: 'en' }, 'А есть самовывоз?');
    await page.locator('.dialog-items li').first().getByText('А есть самовывоз?').waitFor();
    await userWrites({ id: 5001, first_name: 'Анна', username: 'anna_k', language_code: 'ru' }, 'Жду ответа');
    await page.locator('.messages').getByText('Жду ответа').waitFor();
    expect(await page.locator('.dialog-items li').first().textContent()).toContain('Жду ответа');
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

    const reply = page.getByLabel('Ответ');
    await reply.fill('Доставка бесплатная от 1000 ₽');
    await reply.press('Enter');
    await page.locator('.message-out').getByText('Доставка бесплатная от 1000 ₽').waitFor();
    expect(ctx.telegram.sentMessages(owned.token).map((m) => [m.chat.id, m.text])).toEqual([
      [5001, 'Доставка бесплатная от 1000 ₽'],
    ]);
    await checkScreen(owner, '10-dialog');
  });

  it('works on a phone-sized screen', async () => {
    const phone = await open({ width: 390, height: 844 });
    await phone.signInWith(owned.session);
    await phone.page.goto(`${ctx.url}/bots/${owned.botId}`);
    await phone.page.locator('.chart canvas').first().waitFor();
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await checkScreen(phone, '11-phone-dashboard');
    await phone.page.goto(`${ctx.url}/bots/${owned.botId}/dialogs/5001`);
    await waitForText(phone.page, 'Жду ответа');
    await checkScreen(phone, '12-phone-dialog');
  });

  it('an observer signs in, returns to the route asked for, sees the same dashboard and no write control', async () => {
    await upgradeToBusiness(ctx, owned.session);
    const member = await addMember(ctx, owned.session, 'observer');
    const observer = await open();
    const view = observer.page;
    await view.goto(`${ctx.url}/bots/${owned.botId}`);
    await view.waitForURL(`${ctx.url}/login?next=${encodeURIComponent(`/bots/${owned.botId}`)}`);
    await view.getByLabel('Email').fill(member.email);
    await view.getByLabel('Пароль').fill(member.password);
    await view.getByLabel('Пароль').press('Enter');
    await view.waitForURL(`${ctx.url}/bots/${owned.botId}`);
    await view.locator('.chart canvas').first().waitFor();
    expect(await view.locator('.stat-lead .stat-value').first().textContent()).toBe(String(HISTORY.length + 3));
    await waitForText(view, 'Режим просмотра');
    await view.getByText('Сопоставление меток').click();
    expect(await view.getByRole('button', { name: /Сохранить|Добавить|Удалить/ }).count()).toBe(0);
    await checkScreen(observer, '13-observer-dashboard');

    await view.getByRole('link', { name: 'Настройки' }).click();
    await view.getByRole('heading', { name: 'Подключение' }).waitFor();
    expect(await view.getByRole('button', { name: /Сохранить|Удалить|Подключить|Выключить|Включить/ }).count()).toBe(0);
    expect(await view.locator('form').count()).toBe(0);

    await view.getByRole('link', { name: 'Диалоги' }).click();
    await view.getByRole('link', { name: /Анна/ }).click();
    await waitForText(view, 'Доставка бесплатная от 1000 ₽');
    expect(await view.getByLabel('Ответ').count()).toBe(0);

    await view.getByRole('link', { name: 'Боты' }).first().click();
    await view.getByRole('link', { name: 'Магазин' }).waitFor();
    expect(await view.getByRole('heading', { name: 'Добавить бота' }).count()).toBe(0);
  });

  it('settings: rename, deactivate and activate, connect the webhook and see its status from the platform', async () => {
    await page.goto(`${ctx.url}/bots/${owned.botId}/settings`);
    await page.getByLabel('Название').fill('Магазин цветов');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await waitForText(page, 'Сохранено.');
    await page.getByRole('heading', { name: /Магазин цветов/ }).waitFor();

    await page.getByRole('button', { name: 'Выключить бота' }).click();
    await waitForText(page, 'Бот выключен');
    const refused = await fetch(`${ctx.url}/tg/bot${owned.token}/getMe`);
    expect(refused.status).toBe(403);
    await page.getByRole('button', { name: 'Включить бота' }).click();
    await page.getByRole('button', { name: 'Выключить бота' }).waitFor();

    await page.getByRole('button', { name: 'Подключить вебхук' }).click();
    await waitForText(page, 'Вебхук подключён');
    expect(ctx.telegram.webhookOf(owned.token)?.url).toMatch(
      new RegExp(`^https://botlens\\.test/proxy/${owned.botId}/`),
    );
    await page.getByRole('button', { name: 'Отключить вебхук' }).click();
    await waitForText(page, 'Вебхук не подключён');
  });

  it('binds a bot without a token (analytics only) and deletes it after confirming', async () => {
    await page.getByRole('link', { name: 'Боты' }).first().click();
    await page.getByLabel('MAX').check();
    await page.getByLabel('Название').fill('Без токена');
    await page.getByRole('button', { name: 'Добавить' }).click();
    await page.waitForURL(/\/bots\/[^/]+\/settings$/);
    await waitForText(page, 'только аналитика');
    await waitForText(page, 'Чтобы подключить вебхук, добавьте боту токен.');
    await page.getByRole('button', { name: 'Удалить бота' }).click();
    await waitForText(page, 'Удалить бота «Без токена»?');
    await page.getByRole('button', { name: 'Отмена' }).click();
    await page.getByRole('button', { name: 'Удалить бота' }).click();
    await page.getByRole('button', { name: 'Да, удалить' }).click();
    await page.waitForURL(`${ctx.url}/bots`);
    await page.getByRole('link', { name: /Магазин цветов/ }).waitFor();
    expect(await page.getByRole('link', { name: 'Без токена' }).count()).toBe(0);
  });

  it("an unconfirmed account sees the API's refusal to bind a bot, and confirms from the banner", async () => {
    const { email, password, mailsBefore } = await registerUnconfirmed(ctx);
    const fresh = await open();
    await fresh.page.goto(`${ctx.url}/login`);
    await fresh.page.getByLabel('Email').fill(email);
    await fresh.page.getByLabel('Пароль').fill('wrong-password');
    await fresh.page.getByRole('button', { name: 'Войти' }).click();
    await fresh.page.getByRole('alert').getByText('Неверный email или пароль').waitFor();
    await fresh.page.getByLabel('Пароль').fill(password);
    await fresh.page.getByRole('button', { name: 'Войти' }).click();
    await fresh.page.waitForURL(`${ctx.url}/bots`);
    await fresh.page.getByLabel('Название').fill('Рано');
    await fresh.page.getByRole('button', { name: 'Добавить' }).click();
    await fresh.page.getByRole('alert').getByText('Недостаточно прав для этого действия: Подтвердите email').waitFor();

    await fresh.page.getByRole('button', { name: 'Ввести код' }).click();
    await fresh.page.getByLabel('Код из письма').fill(await mailedCode(ctx, email, mailsBefore));
    await fresh.page.getByRole('button', { name: 'Подтвердить' }).click();
    await fresh.page.getByText('Email не подтверждён').waitFor({ state: 'detached' });
    await fresh.page.getByRole('button', { name: 'Добавить' }).click();
    await fresh.page.waitForURL(/\/bots\/[^/]+\/settings$/);
  });

  it('signs out: the session ends and the app goes back to sign-in', async () => {
    await page.getByRole('button', { name: 'Выйти' }).click();
    await page.waitForURL(`${ctx.url}/login`);
    await request(ctx.url).get('/api/me').set(bearer(owned.session)).expect(401);
    expect(await page.evaluate(() => window.localStorage.getItem('botlens.session'))).toBeNull();
  });
});
