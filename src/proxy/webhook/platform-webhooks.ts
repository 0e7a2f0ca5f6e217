/** What a platform reports about the webhook of a bot. */
export interface PlatformWebhookState {
  /** Where the platform delivers updates (MAX: our proxy URL when subscribed), or null. */
  url: string | null;
  updateTypes: string[];
  /** Telegram only: updates waiting for delivery. */
  pendingUpdateCount: number | null;
  /** Telegram only: the last failed delivery. */
  lastErrorAt: Date | null;
  lastErrorMessage: string | null;
}

/** Setting, reading and removing a bot's webhook on one platform. */
export interface PlatformWebhooks {
  set(token: string, url: string, secret: string): Promise<void>;
  get(token: string, proxyUrl: string): Promise<PlatformWebhookState>;
  remove(token: string, proxyUrl: string): Promise<void>;
}

/** Update kinds Botlens asks for: everything the reports read (contract §5). */
export const TELEGRAM_ALLOWED_UPDATES = ['message', 'edited_message', 'callback_query', 'my_chat_member'];
/** MAX sends the deep-link payload only in bot_started, so it must be subscribed; button presses come as message_callback. */
export const MAX_UPDATE_TYPES = [
  'message_created',
  'message_edited',
  'bot_started',
  'bot_stopped',
  'bot_added',
  'bot_removed',
  'message_callback',
];
