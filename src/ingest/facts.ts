/**
 * Facts are what Botlens keeps from traffic (contract §6), in a platform-neutral form.
 * Parsers turn Telegram and MAX payloads into facts; the fact store writes them.
 */

/** What an inbound update says about its sender; every inbound refreshes these. */
export interface ContactProfile {
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  isPremium: boolean;
  languageCode: string | null;
}

export interface MessageFact {
  kind: 'message';
  direction: 'in' | 'out';
  /** Stable key of the update or sent message: the same one seen twice is stored once. */
  dedupeKey: string;
  externalUserId: string;
  /** Present on inbound messages only. */
  profile: ContactProfile | null;
  text: string | null;
  platformMessageId: string | null;
  at: Date;
  raw: unknown;
  /** The user's own phone number, when they shared their contact. */
  phone: string | null;
  /** Set on touches (`/start`, MAX `bot_started`): the deep-link parameter, or null for a bare `/start`. */
  touch: { parameter: string | null } | null;
  /** Outbound only: true for a broadcast's send, which answers nobody (no reply time). */
  broadcast?: boolean;
}

export interface BlockFact {
  kind: 'blocked' | 'unblocked';
  externalUserId: string;
  at: Date;
}

/**
 * An inline button pressed in a private chat (Telegram `callback_query`, MAX `message_callback`): no
 * message, but the contact's activity, with the button's callback data (MAX: payload).
 */
export interface ButtonPressFact {
  kind: 'press';
  /** Stable key of the callback: the same one seen twice is stored once. */
  dedupeKey: string;
  externalUserId: string;
  profile: ContactProfile | null;
  data: string;
  at: Date;
}

/**
 * A payment of the contact: Telegram's `successful_payment` (its message is also an inbound MessageFact, without
 * text), or one an integrator reports (`POST /api/v1/bots/{id}/payments`). A charge id is one payment per bot.
 */
export interface PaymentFact {
  kind: 'payment';
  externalUserId: string;
  /** Present when the payment came with the user's profile (a Telegram update); creates the contact when new. */
  profile: ContactProfile | null;
  /** Integer in the currency's smallest units (Stars `XTR`: exponent 0). */
  amount: number;
  /** Three upper-case letters: ISO 4217 or `XTR`. */
  currency: string;
  chargeId: string;
  providerChargeId: string | null;
  payload: string | null;
  recurring: boolean;
  firstRecurring: boolean;
  subscriptionExpiresAt: Date | null;
  at: Date;
  origin: 'platform' | 'api';
}

/** A refund of a charge: Telegram's `refunded_payment` message, a `refundStarPayment` call answered ok, or the open API. */
export interface RefundFact {
  kind: 'refund';
  externalUserId: string;
  chargeId: string;
  at: Date;
}

/**
 * A mirrored call the platform refused (Telegram `ok: false`, a MAX HTTP error): the method as the platform names it,
 * its error code and description (numbers normalised, platform-errors of bot-health reports them grouped).
 */
export interface PlatformErrorFact {
  kind: 'platform_error';
  method: string;
  errorCode: number;
  description: string;
  /** Seconds the platform asked to wait (429), else null. */
  retryAfter: number | null;
  /** A send call (its failures count against the `errors` alert's share of sends). */
  send: boolean;
  at: Date;
}

/** An update the proxy target failed (status >= 500, timeout, refused connection); `streak` counts them in a row. */
export interface TargetFailureFact {
  kind: 'target_failure';
  error: string;
  streak: number;
  at: Date;
}

export type Fact =
  MessageFact | BlockFact | ButtonPressFact | PaymentFact | RefundFact | PlatformErrorFact | TargetFailureFact;

/** Facts about the bot's health, not about a contact. */
export function isHealthFact(fact: Fact): fact is PlatformErrorFact | TargetFailureFact {
  return fact.kind === 'platform_error' || fact.kind === 'target_failure';
}

/** What the payments table holds (migrations/1795402100000-Payments.ts): parsers and the open API refuse anything else. */
export const PaymentRules = {
  /** An amount is a positive integer in the currency's smallest units, at most 10^12. */
  maxAmount: 1_000_000_000_000,
  /** ISO 4217 or `XTR` (Telegram Stars). */
  currency: /^[A-Z]{3}$/,
  /** A charge id names a payment exactly: 1 to 255 characters, no control character. */
  // eslint-disable-next-line no-control-regex -- a charge id is an identifier, never text with control characters
  chargeId: /^[^\u0000-\u001f\u007f]{1,255}$/,
} as const;

export function isPaymentAmount(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) > 0 && (value as number) <= PaymentRules.maxAmount;
}

/** Payments and refunds are always recorded: the free plan's cap drops neither (recording-cap/). */
export function isMoneyFact(fact: Fact): fact is PaymentFact | RefundFact {
  return fact.kind === 'payment' || fact.kind === 'refund';
}

const START = /^\/start(?:@[A-Za-z0-9_]+)?(?:\s+([\s\S]*))?$/;

/** `/start`, `/start <parameter>` (and `/start@bot <parameter>`): a touch, else null. */
export function touchOf(text: string | null): { parameter: string | null } | null {
  if (!text) return null;
  const match = START.exec(text.trim());
  if (!match) return null;
  const parameter = match[1]?.trim();
  return { parameter: parameter ? parameter : null };
}
