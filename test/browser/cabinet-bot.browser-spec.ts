/// <reference lib="dom" />
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import request from 'supertest';
import type { TgPhotoSize } from '../fakes';
import { eventually } from '../e2e/support/eventually';
import { bindTelegramBot, registerUser } from '../e2e/support/factories';
import { addMember, upgradeToBusiness } from '../e2e/support/team';
import { startTestApp, TestApp } from '../e2e/support/test-app';
import { launchChromium, WatchedPage } from './support/browser';
import { bearer } from '../e2e/support/session';

jest.setTimeout(120_000);

/** A 1×1 PNG. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkaPj/HwAFBQIAoSWZ8wAAAABJRU5ErkJggg==',
  'base64',
);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const ORANGE = '#e8590c';

/** Four users start the bot through the mirror: two from the vk link, one from the Telegram channel, one without a link. */
const USERS = [
  {
    from: { id: 6001, first_name: 'Анна', username: 'anna_k', language_code: 'ru' },
    start: '/start utm_source=vk|utm_campaign=spring',
  },
  { from: { id: 6002, first_name: 'Борис', language_code: 'ru' }, start: '/start utm_source=vk|utm_campaign=spring' },
  { from: { id: 6003, first_name: 'Вера', language_code: 'en' }, start: '/start tg_channel' },
  { from: { id: 6004, first_name: 'Глеб', language_code: 'ru' }, start: '/start' },
] as const;

/**
 * The bot screens of part II in Chromium against the real service and the fake Telegram: intents
 * (a matching message highlighted in the dialog), the funnel (counts after fake users pass through
 * it), a closed broadcast with a photo to a segment, and a reply with a photo. One account and one
 * bot, so the steps run in order.
 */
describe('The bot screens in a browser: intents, funnel, broadcasts, a reply with a file', () => {
  let ctx: TestApp;
  let browser: Browser;
  let owner: WatchedPage;
  let page: Page;
  const pages: WatchedPage[] = [];
  const bot = { id: '', token: '' };
  let session = '';
  /** Steps that provoke a refusal on purpose let the browser's console line for that 400 pass. */
  let refusalsExpected = false;

  let clock = Math.floor(Date.now() / 1000) - 600;
  const userWrites = async (from: (typeof USERS)[number]['from'], text: string) => {
    clock += 1;
    ctx.telegram.message(bot.token, { from, text, date: clock });
    expect((await fetch(`${ctx.url}/tg/bot${bot.token}/getUpdates`)).status).toBe(200);
  };
  const api = (path: string) => request(ctx.url).get(path).set(bearer(session));
  const open = async (viewport?: { width: number; height: number }) => {
    const watched = await WatchedPage.open(browser, {
      viewport,
      publicBase: ctx.config.publicBaseUrl,
      appUrl: ctx.url,
    });
    // A step waits at most this long for what it expects: a broken step fails fast instead of stalling the ones after it.
    watched.page.setDefaultTimeout(10_000);
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
  const stage = (n: number) => page.getByRole('group', { name: `Этап ${n}` });
  /** The funnel's rows as read, with the no-break spaces of Russian number formatting as plain spaces. */
  const funnelRows = async () =>
    (await page.locator('.funnel-stage').allInnerTexts()).map((row) => row.replace(/\u00a0/g, ' '));

  beforeAll(async () => {
    ctx = await startTestApp({
      CABINET_DIR: join(__dirname, '..', '..', 'web', 'dist'),
      BROADCAST_RATE_PER_SECOND: '50',
    });
    const user = await registerUser(ctx);
    session = user.token;
    const bound = await bindTelegramBot(ctx, session, { name: 'Цветочная лавка' });
    Object.assign(bot, { id: bound.bot.id, token: bound.token });
    for (const { from, start } of USERS) await userWrites(from, start);
    browser = await launchChromium();
    owner = await open();
    page = owner.page;
    await owner.signInWith(session);
  });

  afterAll(async () => {
    for (const watched of pages) await watched.close().catch(() => undefined);
    await browser?.close();
    await ctx?.close();
  });

  afterEach(() => {
    const errors = pages.flatMap((watched) => watched.takeErrors());
    expect(refusalsExpected ? errors.filter((error) => !/status of 400/.test(error)) : errors).toEqual([]);
    refusalsExpected = false;
  });

  it('the sign-in page loads none of these screens: they are their own chunks, fetched when first opened', async () => {
    const fresh = await open();
    const scripts: string[] = [];
    fresh.page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
    });
    await fresh.page.goto(`${ctx.url}/login`);
    await fresh.page.getByRole('heading', { name: 'Вход в Botlens' }).waitFor();
    await fresh.page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((url) => /Intent|Funnel|Broadcast|FilePicker|Chips/.test(url))).toEqual([]);
    await fresh.close();
  });

  it('creates an intent: keywords as chips, a bad pattern refused at its field, then saved', async () => {
    await page.goto(`${ctx.url}/bots/${bot.id}/intents`);
    await waitForText(page, 'Намерений пока нет');
    await page.getByRole('link', { name: 'Намерения' }).and(page.locator('[aria-current=page]')).waitFor();
    await page.getByRole('button', { name: 'Новое намерение' }).click();
    await page.getByLabel('Ключ', { exact: true }).fill('delivery');
    await page.getByLabel('Описание').fill('Вопросы о доставке');
    await page.getByLabel('Цвет подсветки').fill(ORANGE);
    const keywords = page.getByRole('textbox', { name: 'Ключевые слова' });
    await keywords.fill('доставка');
    await keywords.press('Enter');
    await keywords.fill('курьер, самовывоз');
    await keywords.press('Enter');
    await page.getByRole('button', { name: 'Удалить «самовывоз»' }).click();
    expect(
      await page.locator('.chip-value').evaluateAll((chips) => chips.map((chip) => chip.firstChild?.textContent)),
    ).toEqual(['доставка', 'курьер']);
    await page.getByRole('button', { name: 'Добавить шаблон' }).click();
    await page.getByLabel('Шаблон 1', { exact: true }).fill('(?i)сколько\\s+(стоит');

    refusalsExpected = true;
    await page.getByRole('button', { name: 'Создать намерение' }).click();
    const refusal = page.getByText('patterns[0] is not a valid regular expression');
    await refusal.waitFor();
    expect(await page.getByLabel('Шаблон 1', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Шаблон 1', { exact: true }).getAttribute('aria-describedby')).toBe(
      await refusal.getAttribute('id'),
    );
    await checkScreen(owner, 'bot-01-intent-form-refused');

    await page.getByLabel('Шаблон 1', { exact: true }).fill('(?i)сколько\\s+стоит');
    await page.getByRole('button', { name: 'Создать намерение' }).click();
    await waitForText(page, 'Намерение «delivery» создано');
    const row = page.getByRole('row').filter({ hasText: 'delivery' });
    expect(await row.getByRole('cell').allInnerTexts()).toEqual([
      'delivery\nВопросы о доставке',
      'доставка\nкурьер\nшаблонов: 1',
      '0',
      '0',
      'активно',
    ]);
    await checkScreen(owner, 'bot-02-intents');
  });

  it('a new message that matches the intent is highlighted in its colour in the dialog and listed under the intent', async () => {
    await userWrites(USERS[0].from, 'Когда будет доставка?');
    await userWrites(USERS[1].from, 'Сколько стоит букет с доставкой в Казань?');
    await eventually(async () =>
      expect((await api(`/api/bots/${bot.id}/intents`).expect(200)).body.data[0].messages_count).toBe(2),
    );

    await page.goto(`${ctx.url}/bots/${bot.id}/dialogs/6001`);
    const bubble = page.locator('.message').filter({ hasText: 'Когда будет доставка?' });
    await bubble.waitFor();
    expect(await bubble.getAttribute('class')).toContain('message-intent');
    expect(await bubble.locator('.intent').innerText()).toBe('delivery');
    expect(await bubble.evaluate((element) => getComputedStyle(element).borderTopColor)).toBe('rgb(232, 89, 12)');
    // The /start before it matched nothing and is not outlined.
    expect(await page.locator('.message').filter({ hasText: '/start' }).getAttribute('class')).not.toContain(
      'message-intent',
    );
    await checkScreen(owner, 'bot-03-dialog-highlighted');

    await page.getByRole('link', { name: 'Намерения' }).click();
    await page.getByRole('link', { name: 'delivery' }).click();
    await page.getByRole('heading', { name: 'Сообщения с этим намерением' }).waitFor();
    await waitForText(page, 'Сколько стоит букет с доставкой в Казань?');
    expect(await page.locator('.matched-item').count()).toBe(2);
    await checkScreen(owner, 'bot-04-intent');
    await page.getByRole('link', { name: 'Диалог с пользователем 6002' }).click();
    await page.waitForURL(`${ctx.url}/bots/${bot.id}/dialogs/6002`);
    await page.goBack();

    // Switching it off and on again; deleting asks first.
    await page.getByRole('button', { name: 'Выключить' }).click();
    await waitForText(page, 'Намерение выключено');
    await page.getByRole('button', { name: 'Включить' }).click();
    await page.getByRole('button', { name: 'Выключить' }).waitFor();
    await page.getByRole('button', { name: 'Удалить' }).click();
    await waitForText(page, 'Удалить намерение «delivery»?');
    await page.getByRole('button', { name: 'Отмена' }).click();
    expect(await page.getByRole('alertdialog').count()).toBe(0);
  });

  it('a button the user presses shows as a marker in the open conversation, at its time', async () => {
    await page.goto(`${ctx.url}/bots/${bot.id}/dialogs/6001`);
    await page.locator('.message').filter({ hasText: 'Когда будет доставка?' }).first().waitFor();
    await page.getByText('Обновляется в реальном времени').waitFor();
    ctx.telegram.pushUpdate(bot.token, {
      callback_query: {
        id: 'browser-press-1',
        from: USERS[0].from,
        chat_instance: '1',
        message: {
          message_id: 1,
          date: clock,
          chat: { id: USERS[0].from.id, type: 'private' },
          text: 'Выберите букет',
        },
        data: 'bouquet:roses',
      },
    });
    expect((await fetch(`${ctx.url}/tg/bot${bot.token}/getUpdates`)).status).toBe(200);
    const marker = page.locator('.press-marker');
    await marker.waitFor();
    expect(await marker.locator('span').innerText()).toBe('нажата кнопка: bouquet:roses');
    // The newest item of the conversation: pressed after the last message.
    expect(await page.locator('.messages > li').last().getAttribute('class')).toBe('press-marker');
    await checkScreen(owner, 'bot-03b-dialog-press');
  });

  it('configures a three-stage funnel (a refusal shown at its stage, a stage moved up) and shows its counts after users pass through it', async () => {
    await page.getByRole('link', { name: 'Воронка' }).click();
    await waitForText(page, 'Воронка не настроена');
    // The builder starts with /start; the third stage is added before the second and moved up.
    expect(await stage(1).getByLabel('Команда').inputValue()).toBe('/start');
    await page.getByRole('button', { name: 'Добавить этап' }).click();
    await stage(2).getByLabel('Название').fill('Покупка');
    await stage(2).getByLabel('Совпадение').selectOption('contains');
    await stage(2).getByLabel('Текст', { exact: true }).fill('купить');
    await page.getByRole('button', { name: 'Добавить этап' }).click();
    await stage(3).getByLabel('Название').fill('Спросили о доставке');
    await stage(3).getByLabel('Условие').selectOption('intent');
    await stage(3).getByLabel('Намерение').selectOption('delivery');
    await page.getByRole('button', { name: 'Поднять этап 3' }).click();
    expect(await stage(2).getByLabel('Название').inputValue()).toBe('Спросили о доставке');
    expect(await page.getByRole('button', { name: 'Поднять этап 1' }).isDisabled()).toBe(true);

    refusalsExpected = true;
    await stage(1).getByLabel('Команда').fill('start');
    await page.getByRole('button', { name: 'Сохранить воронку' }).click();
    await stage(1).getByText('stages[0].value must be a command such as /start').waitFor();
    await stage(1).getByLabel('Команда').fill('/start');
    await page.getByRole('button', { name: 'Сохранить воронку' }).click();
    await waitForText(page, 'Воронка сохранена.');

    // History is counted in the background ("computing"); new messages at ingest.
    await userWrites(USERS[0].from, 'Хочу купить букет');
    await eventually(async () => {
      const result = (await api(`/api/bots/${bot.id}/funnel`).expect(200)).body;
      expect([result.computing, result.stages.map((s: { reached: number }) => s.reached)]).toEqual([false, [4, 2, 1]]);
    }, 15_000);
    await page.reload();
    await page.locator('.funnel-stage').first().waitFor();
    expect(await funnelRows()).toEqual([
      '1\nСтарт\nкоманда /start\nконтактов: 4',
      '2\nСпросили о доставке\nнамерение delivery\nконтактов: 2\n50 % от предыдущего этапа',
      '3\nПокупка\nтекст содержит «купить»\nконтактов: 1\n50 % от предыдущего этапа',
    ]);
    await waitForText(page, /^Конверсия от первого этапа до последнего: 25\s%$/);
    await checkScreen(owner, 'bot-05-funnel');

    // The source filter lives in the URL: the vk link brought Anna and Boris.
    await page.getByLabel('Источник').selectOption('vk');
    await page.waitForURL(`${ctx.url}/bots/${bot.id}/funnel?source=vk`);
    await page.locator('.funnel-stage').first().getByText('контактов: 2').waitFor();
    expect((await funnelRows()).map((row) => row.split('\n').slice(-2).join(' '))).toEqual([
      'команда /start контактов: 2',
      'контактов: 2 100 % от предыдущего этапа',
      'контактов: 1 50 % от предыдущего этапа',
    ]);
    expect(await page.getByLabel('Источник').locator('option').allInnerTexts()).toEqual([
      'Все источники',
      'vk',
      'tg_channel',
      'без источника',
    ]);
  });

  it('sends a closed broadcast with a photo to a segment after checking the preview count, and watches it finish', async () => {
    await page.getByRole('link', { name: 'Рассылки' }).click();
    await waitForText(page, 'Рассылок ещё не было');
    await page.getByRole('heading', { name: 'Новая рассылка' }).waitFor();
    await waitForText(page, 'Получателей сейчас: 4');
    await page.getByLabel('Текст сообщения').fill('Весенние букеты со скидкой 20%');
    await waitForText(page, /^30 \/ 4\s000 символов$/);
    await page.locator('input[type=file]').setInputFiles({ name: 'bouquet.png', mimeType: 'image/png', buffer: PHOTO });
    await waitForText(page, 'bouquet.png');
    expect(await page.getByLabel('Отправить как').inputValue()).toBe('photo');
    // With a photo the text is a Telegram caption: 1024 characters.
    await waitForText(page, /^30 \/ 1\s024 символов/);
    await page.getByLabel('Источник').selectOption('vk');
    await page.locator('.audience-count').getByText('2', { exact: true }).waitFor();
    await page.getByLabel('Язык').fill('en');
    await page.locator('.audience-count').getByText('0', { exact: true }).waitFor();
    await waitForText(page, 'Под условия не подходит ни один контакт');
    expect(await page.getByRole('button', { name: 'Отправить…' }).isDisabled()).toBe(true);
    await page.getByLabel('Язык').fill('ru');
    await page.locator('.audience-count').getByText('2', { exact: true }).waitFor();

    const photosBefore = ctx.telegram.callsOf('sendPhoto').length;
    await page.getByRole('button', { name: 'Отправить…' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Отправить рассылку сейчас? Получателей: 2.').waitFor();
    await checkScreen(owner, 'bot-06-broadcast-confirm');
    expect(ctx.telegram.callsOf('sendPhoto').length).toBe(photosBefore);
    await confirm.getByRole('button', { name: 'Да, отправить' }).click();
    await waitForText(page, 'Рассылка запущена');

    const row = page.getByRole('row').filter({ hasText: 'Весенние букеты' });
    await row.getByText('завершена').waitFor();
    expect(await row.getByRole('cell').nth(1).innerText()).toBe('Фото Весенние букеты со скидкой 20%');
    expect(await row.getByRole('cell').nth(2).innerText()).toBe('источник vk · язык ru');
    expect(await row.getByRole('cell').nth(4).innerText()).toBe('2 из 2');
    await checkScreen(owner, 'bot-07-broadcasts');

    // The fake Telegram got the photo once as bytes, then by its file_id, each with the caption.
    const [first, second, ...more] = ctx.telegram.callsOf('sendPhoto').slice(photosBefore);
    expect(more).toEqual([]);
    expect([first.params.chat_id, second.params.chat_id].sort()).toEqual(['6001', '6002']);
    expect(first.files).toEqual([
      expect.objectContaining({ field: 'photo', filename: 'bouquet.png', sha256: sha256(PHOTO) }),
    ]);
    const fileId = (
      ctx.telegram.sentMessages(bot.token).find((m) => m.chat.id === Number(first.params.chat_id))!
        .photo as TgPhotoSize[]
    ).at(-1)!.file_id;
    expect(second.params).toMatchObject({ photo: fileId, caption: 'Весенние букеты со скидкой 20%' });
    expect(first.params.caption).toBe('Весенние букеты со скидкой 20%');
  });

  it("schedules a broadcast in the viewer's time zone and cancels it after confirming", async () => {
    await page.getByLabel('Текст сообщения').fill('Напоминание о заказе');
    await page.getByLabel('Запланировать').check();
    // The browser runs in Europe/Moscow: tomorrow at 10:00 there.
    const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Moscow' });
    await page.getByLabel('Дата и время отправки').fill(`${tomorrow}T10:00`);
    await waitForText(page, 'По вашему часовому поясу: Europe/Moscow.');
    await page.getByRole('button', { name: 'Запланировать…' }).click();
    await page
      .getByRole('alertdialog')
      .getByText(/^Запланировать рассылку на .* 10:00\? Сейчас под условия подходят получателей: 2/)
      .waitFor();
    await page.getByRole('button', { name: 'Да, запланировать' }).click();
    await waitForText(page, 'Рассылка запланирована на');
    const listed = (await api(`/api/bots/${bot.id}/broadcasts`).expect(200)).body.data[0];
    expect(listed).toMatchObject({ status: 'scheduled', send_at: new Date(`${tomorrow}T07:00:00.000Z`).toISOString() });

    const row = page.getByRole('row').filter({ hasText: 'Напоминание о заказе' });
    await row.getByText('запланирована').waitFor();
    await row.getByRole('button', { name: 'Отменить' }).click();
    await page
      .getByRole('alertdialog')
      .getByText(/^Отменить рассылку от /)
      .waitFor();
    await page.getByRole('button', { name: 'Да, отменить' }).click();
    await row.getByText('отменена').waitFor();
    expect(await row.getByRole('button', { name: 'Отменить' }).count()).toBe(0);
  });

  it('replies in a live dialog with a photo and a caption, which reaches the fake platform', async () => {
    await page.goto(`${ctx.url}/bots/${bot.id}/dialogs/6001`);
    await waitForText(page, 'Хочу купить букет');
    await page
      .locator('.reply input[type=file]')
      .setInputFiles({ name: 'bouquet.png', mimeType: 'image/png', buffer: PHOTO });
    await page.getByText('bouquet.png').waitFor();
    await waitForText(page, /^0 \/ 1\s024 символов/);
    const reply = page.getByLabel('Ответ');
    await reply.fill('Вот этот букет');
    const photosBefore = ctx.telegram.callsOf('sendPhoto').length;
    await reply.press('Enter');
    await page.locator('.message-out').getByText('Вот этот букет').waitFor();
    const [call] = ctx.telegram.callsOf('sendPhoto').slice(photosBefore);
    expect(call.params).toMatchObject({ chat_id: '6001', caption: 'Вот этот букет' });
    expect(call.files).toEqual([
      expect.objectContaining({ field: 'photo', filename: 'bouquet.png', sha256: sha256(PHOTO) }),
    ]);
    // The form is ready for the next message (the sent message can show before the form has cleared).
    await page.getByText('bouquet.png').waitFor({ state: 'detached' });
    expect(await reply.inputValue()).toBe('');
    await checkScreen(owner, 'bot-08-dialog-photo-reply');
  });

  it('on a phone-sized screen the funnel and the broadcasts fit the width', async () => {
    const phone = await open({ width: 390, height: 844 });
    await phone.signInWith(session);
    for (const [path, name] of [
      ['funnel', 'bot-09-phone-funnel'],
      ['broadcasts', 'bot-10-phone-broadcasts'],
    ] as const) {
      await phone.page.goto(`${ctx.url}/bots/${bot.id}/${path}`);
      await phone.page
        .locator(path === 'funnel' ? '.funnel-stage' : '.broadcasts')
        .first()
        .waitFor();
      expect(
        await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      await checkScreen(phone, name);
    }
  });

  it('an observer sees the intents, the funnel and the broadcasts with no write control', async () => {
    await upgradeToBusiness(ctx, session);
    const member = await addMember(ctx, session, 'observer');
    const observer = await open();
    await observer.signInWith(member.token);
    const view = observer.page;

    await view.goto(`${ctx.url}/bots/${bot.id}/intents`);
    await view.getByRole('link', { name: 'delivery' }).click();
    await waitForText(view, 'Когда будет доставка?');
    expect(await view.getByRole('button').allInnerTexts()).toEqual(['Выйти']);

    await view.getByRole('link', { name: 'Воронка' }).click();
    await view.locator('.funnel-stage').first().waitFor();
    expect(await view.getByRole('heading', { name: 'Этапы' }).count()).toBe(0);
    expect(await view.getByRole('button').allInnerTexts()).toEqual(['Выйти']);
    await checkScreen(observer, 'bot-11-observer-funnel');

    await view.getByRole('link', { name: 'Рассылки' }).click();
    await view.getByRole('row').filter({ hasText: 'Весенние букеты' }).waitFor();
    expect(await view.getByRole('heading', { name: 'Новая рассылка' }).count()).toBe(0);
    // «Итоги» only shows a broadcast's outcome card: reading, not writing.
    expect(await view.getByRole('button').allInnerTexts()).toEqual(['Выйти', 'Итоги', 'Итоги']);
  });

  it('deletes the intent after confirming: the dialog is no longer highlighted', async () => {
    await page.goto(`${ctx.url}/bots/${bot.id}/intents`);
    await page.getByRole('link', { name: 'delivery' }).click();
    await page.getByRole('button', { name: 'Удалить' }).click();
    await page.getByRole('button', { name: 'Да, удалить' }).click();
    await page.waitForURL(`${ctx.url}/bots/${bot.id}/intents`);
    await waitForText(page, 'Намерений пока нет');
    await page.getByRole('link', { name: 'Диалоги' }).click();
    await page.getByRole('link', { name: /Анна/ }).click();
    await waitForText(page, 'Когда будет доставка?');
    expect(await page.locator('.message-intent').count()).toBe(0);
  });
});
