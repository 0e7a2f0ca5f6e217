import type { Logger } from '@nestjs/common';
import type { EventEmitter2 } from '@nestjs/event-emitter';
import { describeError } from '../logging/describe-error';

/**
 * Internal events, one per stored fact, emitted on the app's one event bus (EventEmitter2) after
 * the facts are committed. Webhook delivery and live dialogs listen to these names.
 */
export const FactEvents = {
  contactCreated: 'contact.created',
  messageCreated: 'message.created',
  messageOutbound: 'message.outbound',
  buttonPressed: 'button.pressed',
  paymentSucceeded: 'payment.succeeded',
  paymentRefunded: 'payment.refunded',
} as const;

export type FactEventName = (typeof FactEvents)[keyof typeof FactEvents];

/**
 * Subscribes a listener of a fact event on the bus itself rather than with `@OnEvent`, whose async
 * wrapper costs a promise or two per listener for every stored fact, on the mirror's hot path
 * (`message.outbound` has two listeners, and thousands of sends a second are recorded). Its guarantee
 * is kept: a failure of the listener, thrown or rejected, is logged here and never reaches the writer
 * or the other listeners. A promise the listener returns is what the writer awaits while the app
 * closes (it emits with emitAsync then).
 */
export function onFact<T>(
  bus: EventEmitter2,
  event: FactEventName,
  logger: Logger,
  listener: (payload: T) => Promise<unknown> | undefined | void,
): void {
  const failed = (error: unknown) => logger.error(`A listener of ${event} failed: ${describeError(error)}`);
  const guarded = (payload: T): Promise<unknown> | undefined => {
    try {
      const result = listener(payload);
      return result instanceof Promise ? result.catch(failed) : undefined;
    } catch (error) {
      failed(error);
      return undefined;
    }
  };
  // The bus types listeners as returning nothing; emitAsync awaits what they return, and this never rejects.
  bus.on(event, guarded as (payload: T) => void);
}

/** Who owns the bot, so consumers can route an event without a lookup. */
interface EventOwner {
  userId: string;
}

/** `message.created` / `message.outbound` data (contract §7), plus the owner. */
export interface MessageEvent extends EventOwner {
  bot_id: string;
  message_id: string;
  direction: 'in' | 'out';
  external_user_id: string;
  text: string | null;
  created_at: string;
}

/** `contact.created` data (contract §7), plus the owner. */
export interface ContactCreatedEvent extends EventOwner {
  bot_id: string;
  contact_id: string;
  external_user_id: string;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  source_value: string | null;
  campaign_name: string | null;
  created_at: string;
}

/** `button.pressed` data (docs/api.md: Button presses), plus the owner. */
export interface ButtonPressEvent extends EventOwner {
  bot_id: string;
  press_id: string;
  external_user_id: string;
  data: string;
  created_at: string;
}

/**
 * The payment object of the open API (issue 26). Amounts are integers in the currency's smallest units; `user_id`
 * is the contact's id on the platform; the source is the contact's attributed one, as in the contact object.
 */
export interface PaymentObject {
  id: string;
  bot_id: string;
  user_id: string;
  amount: number;
  currency: string;
  charge_id: string;
  provider_charge_id: string | null;
  payload: string | null;
  recurring: boolean;
  first_recurring: boolean;
  subscription_expires_at: string | null;
  paid_at: string;
  refunded_at: string | null;
  source_value: string | null;
  campaign_name: string | null;
}

/** `payment.succeeded` / `payment.refunded` data: the payment object as committed, plus the owner. */
export interface PaymentEvent extends EventOwner, PaymentObject {}
