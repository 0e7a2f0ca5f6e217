import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type { TestApp } from './test-app';
import { bearer } from './session';

/** What the factories need of a running service: an in-process test app or a spawned one. */
type AppUnderTest = Pick<TestApp, 'url' | 'config' | 'telegram' | 'max' | 'smtp'>;

let counter = 0;

export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}-${counter}-${randomBytes(3).toString('hex')}@example.test`;
}

/** A random token in Telegram's `<bot_id>:<secret>` shape with a bot id of its own. */
export function telegramToken(): { token: string; id: number } {
  const id = 100_000 + Math.floor(Math.random() * 9_000_000_000);
  return { token: `${id}:AA${randomBytes(18).toString('base64url')}`, id };
}

export function maxToken(): { token: string; id: number } {
  return { token: `max_${randomBytes(24).toString('hex')}`, id: 200_000 + Math.floor(Math.random() * 9_000_000) };
}

/** The six-digit code from the real confirmation mail caught by the SMTP catcher. */
export async function mailedCode(ctx: AppUnderTest, email: string, after = 0): Promise<string> {
  const mail = await ctx.smtp.waitFor(
    (m) => m.to.includes(email.toLowerCase()) && ctx.smtp.messages.indexOf(m) >= after,
  );
  const code = /\b(\d{6})\b/.exec(mail.text ?? '')?.[1];
  if (!code) throw new Error(`No code in the mail to ${email}: ${mail.text}`);
  return code;
}

export async function registerUnconfirmed(ctx: AppUnderTest, email = uniqueEmail(), password = 'secret-password') {
  const mailsBefore = ctx.smtp.messages.length;
  const res = await request(ctx.url).post('/api/auth/register').send({ email, password }).expect(201);
  return { email, password, user: res.body.user as { id: string }, mailsBefore };
}

/** Registers through the real mail and confirms: returns a signed-in, confirmed user. */
export async function registerUser(ctx: AppUnderTest, email = uniqueEmail(), password = 'secret-password') {
  const { mailsBefore } = await registerUnconfirmed(ctx, email, password);
  const code = await mailedCode(ctx, email, mailsBefore);
  const res = await request(ctx.url).post('/api/auth/confirm').send({ email, code }).expect(200);
  return { email, password, token: res.body.token as string, user: res.body.user as { id: string; role: string } };
}

export async function login(ctx: AppUnderTest, email: string, password: string): Promise<string> {
  const res = await request(ctx.url).post('/api/auth/login').send({ email, password }).expect(200);
  return res.body.token as string;
}

export async function issueKey(
  ctx: AppUnderTest,
  session: string,
  scopes: string[],
  extra: Record<string, unknown> = {},
) {
  const res = await request(ctx.url)
    .post('/api/me/api-keys')
    .set(bearer(session))
    .send({ name: 'test key', scopes, ...extra })
    .expect(201);
  return res.body as { id: string; key: string };
}

/** Binds a Telegram bot known to the fake platform. */
export async function bindTelegramBot(ctx: AppUnderTest, session: string, fields: Record<string, unknown> = {}) {
  const { token, id } = telegramToken();
  ctx.telegram.addBot({ token, id, username: `bot${id}_bot`, first_name: 'Test bot' });
  const res = await request(ctx.url)
    .post('/api/bots')
    .set(bearer(session))
    .send({ platform: 'telegram', name: 'My Telegram bot', token, ...fields })
    .expect(201);
  return { bot: res.body as Record<string, unknown> & { id: string }, token, platformId: id };
}

/**
 * Binds a Telegram bot and connects proxy mode. The fake is pointed at the test app itself, since
 * PUBLIC_BASE_URL is not a loopback address (the test stands in for DNS).
 */
export async function bindTelegramProxyBot(ctx: AppUnderTest, session: string, fields: Record<string, unknown> = {}) {
  const bound = await bindTelegramBot(ctx, session, fields);
  await request(ctx.url).post(`/api/bots/${bound.bot.id}/webhook`).set(bearer(session)).expect(200);
  const hook = ctx.telegram.webhookOf(bound.token)!;
  hook.url = hook.url.replace(ctx.config.publicBaseUrl, ctx.url);
  return { ...bound, secret: hook.secret_token! };
}

/** Binds a MAX bot known to the fake platform. */
export async function bindMaxBot(ctx: AppUnderTest, session: string, fields: Record<string, unknown> = {}) {
  const { token, id } = maxToken();
  ctx.max.addBot({ token, user_id: id, first_name: 'Test bot', username: `max${id}_bot` });
  const res = await request(ctx.url)
    .post('/api/bots')
    .set(bearer(session))
    .send({ platform: 'max', name: 'My MAX bot', token, ...fields })
    .expect(201);
  return { bot: res.body as Record<string, unknown> & { id: string }, token, platformId: id };
}
