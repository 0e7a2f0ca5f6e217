/// <reference lib="dom" />
import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import request from 'supertest';
import { registerUser, uniqueEmail } from '../e2e/support/factories';
import { ADMIN, startTestApp, TestApp } from '../e2e/support/test-app';
import { WebhookReceiver } from '../e2e/support/webhook-receiver';
import { launchChromium, WatchedPage } from './support/browser';
import { bearer } from '../e2e/support/session';

jest.setTimeout(120_000);

/** Numbers as the cabinet prints them (ru-RU groups thousands with a no-break space). */
const number = (value: number) => new Intl.NumberFormat('ru-RU').format(value);

/**
 * The account's screens in Chromium: event webhooks with a real receiver, API keys against the open
 * API, billing, the team with a second person in a second browser, support answered by an admin,
 * and the admin's "sign in as" and back. One account walks through them in order.
 */
describe('The account screens in a browser', () => {
  let ctx: TestApp;
  let browser: Browser;
  let receiver: WebhookReceiver;
  let owner: WatchedPage;
  let page: Page;
  const pages: WatchedPage[] = [];
  let account: { email: string; password: string; token: string; user: { id: string } };
  let member: { page: Page; email: string };
  let admin: Page;

  const open = async (viewport?: { width: number; height: number }) => {
    const watched = await WatchedPage.open(browser, {
      viewport,
      publicBase: ctx.config.publicBaseUrl,
      appUrl: ctx.url,
    });
    pages.push(watched);
    return watched;
  };
  const watchedOf = (target: Page) => pages.find((watched) => watched.page === target)!;
  const checkScreen = async (target: Page, name: string) => {
    await target.waitForLoadState('networkidle');
    const watched = watchedOf(target);
    await watched.screenshot(name);
    expect([name, await watched.accessibilityViolations()]).toEqual([name, []]);
  };
  const signIn = async (target: Page, email: string, password: string, next: string) => {
    await target.goto(`${ctx.url}${next}`);
    await target.waitForURL(`${ctx.url}/login?next=${encodeURIComponent(next)}`);
    await target.getByLabel('Email').fill(email);
    await target.getByLabel('Пароль').fill(password);
    await target.getByRole('button', { name: 'Войти' }).click();
    await target.waitForURL(`${ctx.url}${next}`);
  };
  const alertText = (target: Page) => target.getByRole('alert').first().textContent();

  beforeAll(async () => {
    ctx = await startTestApp({ CABINET_DIR: join(__dirname, '..', '..', 'web', 'dist') });
    [browser, receiver, account] = await Promise.all([
      launchChromium(),
      WebhookReceiver.start(),
      registerUser(ctx, uniqueEmail('owner')),
    ]);
    owner = await open();
    page = owner.page;
    await signIn(page, account.email, account.password, '/webhooks');
  });

  afterAll(async () => {
    for (const watched of pages) await watched.close().catch(() => undefined);
    await browser?.close();
    await receiver?.close();
    await ctx?.close();
  });

  afterEach(() => {
    // No uncaught error, console error or CSP violation on any page during any step.
    expect(pages.flatMap((watched) => watched.takeErrors())).toEqual([]);
  });

  it('the top navigation leads to every account screen, and a user sees no administration', async () => {
    const nav = page.getByRole('navigation', { name: 'Основное меню' });
    expect(await nav.getByRole('link').allTextContents()).toEqual([
      'Боты',
      'Вебхуки',
      'API-ключи',
      'Команда',
      'Тариф',
      'Поддержка',
    ]);
    expect(await nav.getByRole('link', { name: 'Вебхуки' }).getAttribute('aria-current')).toBe('page');
    expect(await page.getByRole('navigation', { name: 'Администрирование' }).count()).toBe(0);
    await page.goto(`${ctx.url}/admin/users`);
    expect(await alertText(page)).toBe('Недостаточно прав для этого действия');
    expect(await page.getByRole('heading', { name: 'Пользователи' }).count()).toBe(0);
  });

  it('creates an event subscription, shows its secret once, sends a test ping and shows the delivery in the log', async () => {
    await page.goto(`${ctx.url}/webhooks`);
    await page.getByText('Подписок пока нет').waitFor();
    await checkScreen(page, 'acc-01-webhooks-empty');

    await page.getByLabel('Адрес получателя').fill(receiver.url);
    await page.getByLabel('Тестовый пинг').check();
    await page.getByRole('button', { name: 'Создать подписку' }).click();
    const secretField = page.getByRole('textbox', { name: 'Секрет подписи' });
    await secretField.waitFor();
    const secret = await secretField.inputValue();
    expect(secret).toMatch(/^whsec_[0-9A-Za-z]{44}$/);
    expect(await page.getByRole('textbox', { name: 'Проверка подписи (Node.js)' }).inputValue()).toContain(
      "createHmac('sha256', secret)",
    );
    await page.getByRole('button', { name: 'Копировать: Секрет подписи' }).waitFor();
    await checkScreen(page, 'acc-02-webhook-secret');
    await page.getByRole('button', { name: 'Я сохранил секрет' }).click();
    await page.reload();
    await page.getByRole('heading', { name: receiver.url }).waitFor();
    expect(await page.content()).not.toContain(secret);

    await page.getByRole('button', { name: 'Отправить тестовый пинг' }).click();
    await page.getByText(/Тестовый пинг доставлен за \d+ мс/).waitFor();
    const ping = receiver.requests.at(-1)!;
    expect(ping.headers['x-webhook-event']).toBe('test.ping');
    expect(ping.headers['x-webhook-signature']).toBe(
      `sha256=${createHmac('sha256', secret).update(ping.body).digest('hex')}`,
    );
    const logRow = page.locator('table.deliveries tbody tr').first();
    await logRow.getByText('доставлено · 200').waitFor();
    expect(await logRow.getByRole('cell').nth(1).textContent()).toBe('test.ping');
    await logRow.getByText(/^Отправлено:/).click();
    expect(await logRow.locator('pre').first().textContent()).toBe(ping.body);
    await checkScreen(page, 'acc-03-webhook-log');

    // A receiver that fails is shown as such, with what it answered.
    receiver.status = 500;
    receiver.answer = '{"error":"database is down"}';
    await page.getByRole('button', { name: 'Отправить тестовый пинг' }).click();
    await page.getByText('Тестовый пинг не доставлен:').waitFor();
    await page.locator('table.deliveries tbody tr').first().getByText('HTTP 500').waitFor();
    await page
      .locator('table.deliveries tbody tr')
      .first()
      .locator('summary code')
      .getByText('{"error":"database is down"}')
      .waitFor();
    receiver.status = 200;
    receiver.answer = '{"ok":true}';

    await page.getByRole('button', { name: 'Выключить' }).click();
    await page.getByText('выключена', { exact: true }).waitFor();
  });

  it('issues an API key shown once, and the key revoked after confirming gets 401 from the open API', async () => {
    await page.getByRole('navigation', { name: 'Основное меню' }).getByRole('link', { name: 'API-ключи' }).click();
    await page.getByText('Ключей пока нет').waitFor();
    await page.getByLabel('Название').fill('Выгрузка в CRM');
    await page.getByRole('button', { name: 'Выпустить ключ' }).click();
    const keyField = page.getByRole('textbox', { name: 'API-ключ' });
    await keyField.waitFor();
    const key = await keyField.inputValue();
    expect(key).toMatch(/^blk_/);
    expect(await page.getByRole('textbox', { name: 'Первый запрос' }).inputValue()).toBe(
      `curl -H "X-API-Key: ${key}" ${ctx.url}/api/v1/bots`,
    );
    const works = await fetch(`${ctx.url}/api/v1/bots`, { headers: { 'X-API-Key': key } });
    expect(works.status).toBe(200);
    await checkScreen(page, 'acc-04-api-key-issued');
    await page.getByRole('button', { name: 'Я сохранил ключ' }).click();
    await page.reload();
    const row = page.getByRole('row').filter({ hasText: 'Выгрузка в CRM' });
    expect(await row.getByRole('cell').nth(1).textContent()).toBe(`${key.slice(0, 8)}…${key.slice(-4)}`);
    expect(await page.content()).not.toContain(key);

    await row.getByRole('button', { name: 'Отозвать ключ «Выгрузка в CRM»' }).click();
    await page.getByText('Отозвать ключ «Выгрузка в CRM»? Запросы с ним сразу начнут получать 401').waitFor();
    await page.getByRole('button', { name: 'Отмена' }).click();
    expect((await fetch(`${ctx.url}/api/v1/bots`, { headers: { 'X-API-Key': key } })).status).toBe(200);
    await row.getByRole('button', { name: 'Отозвать ключ «Выгрузка в CRM»' }).click();
    await page.getByRole('button', { name: 'Да, отозвать' }).click();
    await row.getByText('отозван', { exact: true }).waitFor();
    const refused = await fetch(`${ctx.url}/api/v1/bots`, { headers: { 'X-API-Key': key } });
    expect([refused.status, await refused.json()]).toEqual([401, { message: 'API-ключ отозван' }]);
    await checkScreen(page, 'acc-05-api-keys');
  });

  it('switches the plan after confirming and shows the invoice; the team is explained until then', async () => {
    await page.goto(`${ctx.url}/team`);
    await page.getByRole('heading', { name: 'Команда доступна на тарифе Business' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Пригласить в команду' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Сменить тариф' }).click();
    await page.waitForURL(`${ctx.url}/billing`);
    await page
      .getByText(`0 из ${number(1000)}`)
      .first()
      .waitFor();
    expect(await page.getByRole('progressbar', { name: 'Сообщения в этом месяце' }).getAttribute('aria-valuenow')).toBe(
      '0',
    );
    await page.getByText('Счетов пока нет').waitFor();
    await checkScreen(page, 'acc-06-billing-free');

    await page.getByRole('button', { name: 'Перейти на Business' }).click();
    await page.getByText(`Перейти на тариф Business (${number(2990)} ₽ в месяц)?`).waitFor();
    await page.getByRole('button', { name: 'Да, перейти' }).click();
    await page.getByText(`Тариф Business подключён. Выставлен счёт на ${number(2990)} ₽.`).waitFor();
    const invoice = page.getByRole('row').filter({ hasText: 'Free → Business' });
    await invoice.waitFor();
    expect((await invoice.getByRole('cell').allTextContents()).slice(1)).toEqual([
      'Free → Business',
      `${number(2990)} ₽`,
      'владелец',
    ]);
    await page.getByText('Без ограничения: на этом тарифе записываются все сообщения.').waitFor();
    expect(await page.getByRole('progressbar').count()).toBe(0);
    await checkScreen(page, 'acc-07-billing-business');
  });

  it('invites a member by mail, who accepts in a second browser; made an observer, their write controls go and a 403 is shown', async () => {
    await page.getByRole('navigation', { name: 'Основное меню' }).getByRole('link', { name: 'Команда' }).click();
    const email = uniqueEmail('colleague');
    const mailsBefore = ctx.smtp.messages.length;
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Пригласить' }).click();
    await page.getByText(`Приглашение отправлено на ${email}.`).waitFor();
    await page.getByRole('row').filter({ hasText: email }).getByText('администратор').waitFor();
    const mail = await ctx.smtp.waitFor((m) => m.to.includes(email) && ctx.smtp.messages.indexOf(m) >= mailsBefore);
    const link = /https:\/\/botlens\.test(\/team\/invites\/bti_[0-9A-Za-z]+)/.exec(mail.text ?? '')?.[1];
    expect(link).toBeDefined();
    await checkScreen(page, 'acc-08-team-invited');

    // The colleague already has an account; the mailed link goes through sign-in and back.
    const colleague = await registerUser(ctx, email);
    const second = (await open()).page;
    member = { page: second, email };
    await signIn(second, email, colleague.password, link!);
    await second.getByRole('heading', { name: 'Приглашение в команду' }).waitFor();
    await checkScreen(second, 'acc-09-invite');
    await second.getByRole('button', { name: 'Принять приглашение' }).click();
    await second.getByText('Готово: вы в команде, ваша роль — администратор.').waitFor();
    await second.getByRole('link', { name: 'API-ключи' }).click();
    await second.getByRole('heading', { name: 'Выпустить ключ' }).waitFor();
    // An administrator sees the keys of everyone in the account: the owner's revoked one.
    const ownersKey = second
      .getByRole('region', { name: 'Ключи участников команды' })
      .first()
      .getByRole('row')
      .filter({ hasText: 'Выгрузка в CRM' });
    await ownersKey.waitFor();
    expect(await ownersKey.getByRole('cell').allTextContents()).toEqual([
      'Выгрузка в CRM',
      account.email,
      expect.stringMatching(/^blk_.{4}….{4}$/),
      'чтение',
      'отозван',
      expect.any(String),
      'бессрочно',
      expect.any(String),
      '',
    ]);

    await page.reload();
    const row = page.getByRole('row').filter({ hasText: email });
    await row.getByLabel(`Роль ${email}`).selectOption('observer');
    await row.getByRole('button', { name: 'Сменить роль' }).click();
    await row.getByText('Роль изменена').waitFor();
    expect(await page.getByText(`В команде 2 из 10 человек`).count()).toBe(1);
    await checkScreen(page, 'acc-10-team');

    // The colleague's open screen still offers the form: using it meets the API's 403, and the controls go.
    await second.getByLabel('Название').fill('Отчёты');
    await second.getByRole('button', { name: 'Выпустить ключ' }).click();
    await second.getByText('Режим просмотра: вы наблюдатель в команде, изменения недоступны.').waitFor();
    expect(await alertText(second)).toBe('Недостаточно прав для этого действия');
    expect(await second.getByRole('heading', { name: 'Выпустить ключ' }).count()).toBe(0);
    await checkScreen(second, 'acc-11-observer-keys');
    for (const path of ['/webhooks', '/team', '/billing']) {
      await second.goto(`${ctx.url}${path}`);
      await second.getByRole('heading', { level: 1 }).waitFor();
      await second.waitForLoadState('networkidle');
      expect([
        path,
        await second
          .getByRole('button', { name: /Создать|Пригласить|Перейти на|Отозвать|Удалить|Сменить роль/ })
          .count(),
      ]).toEqual([path, 0]);
    }
    await second.getByText('Тариф меняет и счета видит только владелец аккаунта.').waitFor();
  });

  it('a support request is answered by an admin and the answer is read by the user', async () => {
    await member.page.getByRole('link', { name: 'Поддержка' }).click();
    await member.page.getByText('Обращений пока нет.').waitFor();
    await member.page.getByLabel('Тема').fill('Не приходят вебхуки');
    await member.page.getByLabel('Сообщение').fill('Подписка создана, но события не доходят до CRM.');
    await member.page.getByRole('button', { name: 'Отправить' }).click();
    await member.page.getByText('Обращение отправлено.').waitFor();
    await member.page.getByRole('article', { name: 'Не приходят вебхуки' }).getByText('ждёт ответа').waitFor();

    admin = (await open()).page;
    await signIn(admin, ADMIN.email, ADMIN.password, '/admin/support');
    const adminNav = admin.getByRole('navigation', { name: 'Администрирование' });
    await adminNav.waitFor();
    expect(await adminNav.getByRole('link').allTextContents()).toEqual(['Пользователи', 'Обращения', 'Журнал']);
    const ticket = admin.getByRole('article', { name: 'Не приходят вебхуки' });
    await ticket.getByText(member.email, { exact: false }).waitFor();
    await checkScreen(admin, 'acc-12-admin-support');
    const mailsBefore = ctx.smtp.messages.length;
    await ticket.getByLabel('Ответ на «Не приходят вебхуки»').fill('Проверьте, что адрес отвечает 2xx за 10 секунд.');
    await ticket.getByRole('button', { name: 'Ответить' }).click();
    await admin.getByText('Все обращения отвечены.').waitFor();
    await admin.getByRole('link', { name: 'С ответом' }).click();
    await admin.getByRole('article', { name: 'Не приходят вебхуки' }).getByText('есть ответ').waitFor();
    await ctx.smtp.waitFor((m) => m.to.includes(member.email) && ctx.smtp.messages.indexOf(m) >= mailsBefore);

    await member.page.reload();
    const answered = member.page.getByRole('article', { name: 'Не приходят вебхуки' });
    await answered.getByText('есть ответ').waitFor();
    await answered.getByText('Проверьте, что адрес отвечает 2xx за 10 секунд.').waitFor();
    await checkScreen(member.page, 'acc-13-support-answered');
  });

  it('an admin finds a user, signs in as them, sees the banner on every screen and goes back to their own session', async () => {
    await admin.getByRole('link', { name: 'Пользователи' }).click();
    await admin.getByLabel('Поиск по email').fill(account.email.split('@')[0]);
    await admin.waitForURL(/\/admin\/users\?email=/);
    await admin.getByRole('button', { name: account.email }).click();
    await admin.getByRole('button', { name: `Войти как ${account.email}` }).waitFor();
    expect(
      await admin.getByRole('row').filter({ hasText: account.email }).first().getByRole('cell').allTextContents(),
    ).toEqual([account.email, 'пользователь', 'Business', '0', '0', expect.any(String)]);
    await checkScreen(admin, 'acc-14-admin-users');
    const adminSession = await admin.evaluate(() => window.localStorage.getItem('botlens.session'));

    await admin.getByRole('button', { name: `Войти как ${account.email}` }).click();
    await admin.waitForURL(`${ctx.url}/bots`);
    const banner = admin.getByRole('region', { name: 'Вход от имени пользователя' });
    await banner.getByText(`Вы работаете как ${account.email}: вход выполнил администратор ${ADMIN.email}.`).waitFor();
    expect(await admin.getByRole('navigation', { name: 'Администрирование' }).count()).toBe(0);
    expect(await admin.evaluate(() => window.localStorage.getItem('botlens.session.admin'))).toBe(adminSession);
    const userSession = await admin.evaluate(() => window.localStorage.getItem('botlens.session'));
    await admin.getByRole('link', { name: 'Вебхуки' }).click();
    await admin.getByRole('heading', { name: receiver.url }).waitFor();
    await banner.waitFor();
    await checkScreen(admin, 'acc-15-impersonating');

    await banner.getByRole('button', { name: 'Вернуться в свою учётную запись' }).click();
    await admin.waitForURL(`${ctx.url}/admin/users`);
    await admin.getByRole('navigation', { name: 'Администрирование' }).waitFor();
    expect(await banner.count()).toBe(0);
    expect(
      await admin.evaluate(() => [
        window.localStorage.getItem('botlens.session'),
        window.localStorage.getItem('botlens.session.admin'),
      ]),
    ).toEqual([adminSession, null]);
    // The session as the user has ended; the admin's own still works.
    await request(ctx.url).get('/api/me').set(bearer(userSession!)).expect(401);
    expect((await request(ctx.url).get('/api/me').set(bearer(adminSession!)).expect(200)).body.email).toBe(ADMIN.email);
  });

  it('the audit log names what the admin did', async () => {
    await admin.getByRole('link', { name: 'Журнал' }).click();
    await admin.getByRole('heading', { name: 'Журнал действий администраторов' }).waitFor();
    const rows = admin.locator('tbody tr');
    await rows.first().waitFor();
    const actions = await rows.evaluateAll((trs) =>
      trs.map((tr) => [tr.children[2].textContent, tr.children[3].textContent]),
    );
    expect(actions).toEqual([
      ['вход от имени', account.email],
      ['ответ на обращение', member.email],
    ]);
    expect(await rows.nth(1).getByRole('cell').last().textContent()).toBe('«Не приходят вебхуки»');
    await checkScreen(admin, 'acc-16-audit');
  });

  it('the account screens fit a phone-sized screen', async () => {
    const phone = await open({ width: 390, height: 844 });
    await phone.signInWith(account.token);
    for (const [path, name] of [
      ['/webhooks', 'acc-17-phone-webhooks'],
      ['/billing', 'acc-18-phone-billing'],
    ]) {
      await phone.page.goto(`${ctx.url}${path}`);
      await phone.page.getByRole('heading', { level: 1 }).waitFor();
      await phone.page.waitForLoadState('networkidle');
      expect([path, await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)]).toEqual(
        [path, 0],
      );
      await checkScreen(phone.page, name);
    }
  });
});
