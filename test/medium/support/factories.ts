import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { Principal } from '../../../src/auth/principal';
import type { Platform } from '../../../src/platforms/platform';
import type { CaptureBot } from '../../../src/ingest/capture.service';
import type { BlockFact, MessageFact, PaymentFact, RefundFact } from '../../../src/ingest/facts';

let sequence = 0;
const unique = (prefix: string) => `${prefix}-${++sequence}-${randomBytes(3).toString('hex')}`;

/** A confirmed user who owns an account on `tariff` (free plans are capped). */
export async function newAccount(
  db: DataSource,
  options: { tariff?: 'free' | 'pro' | 'business' } = {},
): Promise<{ id: string; email: string }> {
  const email = `${unique('user')}@botlens.test`;
  const [row] = await db.query<Array<{ id: string }>>(
    `INSERT INTO users (email, password_hash, email_confirmed_at, tariff) VALUES ($1, 'not-a-hash', now(), $2)
     RETURNING id`,
    [email, options.tariff ?? 'pro'],
  );
  return { id: row.id, email };
}

/** The owner of `account` signed in, as the services take the caller. */
export function ownerOf(account: { id: string; email: string }): Principal {
  return {
    userId: account.id,
    email: account.email,
    role: 'user',
    emailConfirmed: true,
    accountId: account.id,
    teamRole: 'owner',
  };
}

/** A bot of `account`, in the shape the ingest takes it. */
export async function newBot(
  db: DataSource,
  account: { id: string },
  options: { platform?: Platform; utmKey?: string } = {},
): Promise<CaptureBot> {
  const platform = options.platform ?? 'telegram';
  const utmKey = options.utmKey ?? 'utm_source';
  const [row] = await db.query<Array<{ id: string }>>(
    `INSERT INTO bots (user_id, platform, name, proxy_secret, utm_key) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [account.id, platform, unique('bot'), randomBytes(16).toString('hex'), utmKey],
  );
  return { id: row.id, userId: account.id, platform, utmKey };
}

/** A message from contact `userId` to the bot (a `/start …` text is a touch, as the parsers make it). */
export function inbound(
  userId: string,
  text: string,
  at: Date,
  profile: Partial<MessageFact['profile']> = {},
): MessageFact {
  const start = /^\/start(?:\s+(.*))?$/.exec(text);
  return {
    kind: 'message',
    direction: 'in',
    dedupeKey: unique(`in:${userId}`),
    externalUserId: userId,
    profile: {
      username: null,
      firstName: `User ${userId}`,
      lastName: null,
      isPremium: false,
      languageCode: 'ru',
      ...profile,
    },
    text,
    platformMessageId: null,
    at,
    raw: { text },
    phone: null,
    touch: start ? { parameter: start[1]?.trim() || null } : null,
  };
}

/** A message the bot sent to contact `userId`. */
export function outbound(userId: string, text: string, at: Date): MessageFact {
  return {
    kind: 'message',
    direction: 'out',
    dedupeKey: unique(`out:${userId}`),
    externalUserId: userId,
    profile: null,
    text,
    platformMessageId: null,
    at,
    raw: { text },
    phone: null,
    touch: null,
  };
}

export function blocked(userId: string, at: Date): BlockFact {
  return { kind: 'blocked', externalUserId: userId, at };
}

/** `days` whole days (and a minute) before now: never in the future, on a known UTC day (`utcDay`). */
export function daysAgo(days: number): Date {
  return new Date(Date.now() - days * 24 * 60 * 60 * 1000 - 60 * 1000);
}

export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** A payment of contact `userId` as Telegram capture makes it (with the payer's profile), or as reported (`origin: 'api'`, no profile). */
export function payment(userId: string, chargeId: string, at: Date, fields: Partial<PaymentFact> = {}): PaymentFact {
  const origin = fields.origin ?? 'platform';
  return {
    kind: 'payment',
    externalUserId: userId,
    profile:
      origin === 'api'
        ? null
        : { username: null, firstName: `User ${userId}`, lastName: null, isPremium: false, languageCode: 'ru' },
    amount: 250,
    currency: 'XTR',
    chargeId,
    providerChargeId: null,
    payload: 'plan:pro',
    recurring: false,
    firstRecurring: false,
    subscriptionExpiresAt: null,
    at,
    origin,
    ...fields,
  };
}

export function refund(userId: string, chargeId: string, at: Date): RefundFact {
  return { kind: 'refund', externalUserId: userId, chargeId, at };
}
