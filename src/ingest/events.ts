/**
 * Internal events, one per stored fact, emitted on the app's one event bus (EventEmitter2) after
 * the facts are committed. Webhook delivery and live dialogs listen to these names.
 */
export const FactEvents = {
  contactCreated: 'contact.created',
  messageCreated: 'message.created',
  messageOutbound: 'message.outbound',
  buttonPressed: 'button.pressed',
} as const;

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
