import type { PlatformErrorFact } from './facts';

// Platform errors of mirrored calls (issue 27) as facts: the method as the platform documents it, the error code, the
// description with ids and numbers normalised (so "retry after 35" and "retry after 7" count as one error).

/** Telegram Bot API methods as documented; the mirror sees them in whatever case the bot used. */
const TELEGRAM_METHODS = [
  'getUpdates',
  'setWebhook',
  'deleteWebhook',
  'getWebhookInfo',
  'getMe',
  'logOut',
  'close',
  'sendMessage',
  'forwardMessage',
  'forwardMessages',
  'copyMessage',
  'copyMessages',
  'sendPhoto',
  'sendAudio',
  'sendDocument',
  'sendVideo',
  'sendAnimation',
  'sendVoice',
  'sendVideoNote',
  'sendPaidMedia',
  'sendMediaGroup',
  'sendLocation',
  'sendVenue',
  'sendContact',
  'sendPoll',
  'sendChecklist',
  'sendDice',
  'sendChatAction',
  'sendLivePhoto',
  'setMessageReaction',
  'getUserProfilePhotos',
  'setUserEmojiStatus',
  'getFile',
  'banChatMember',
  'unbanChatMember',
  'restrictChatMember',
  'promoteChatMember',
  'setChatAdministratorCustomTitle',
  'banChatSenderChat',
  'unbanChatSenderChat',
  'setChatPermissions',
  'exportChatInviteLink',
  'createChatInviteLink',
  'editChatInviteLink',
  'revokeChatInviteLink',
  'approveChatJoinRequest',
  'declineChatJoinRequest',
  'setChatPhoto',
  'deleteChatPhoto',
  'setChatTitle',
  'setChatDescription',
  'pinChatMessage',
  'unpinChatMessage',
  'unpinAllChatMessages',
  'leaveChat',
  'getChat',
  'getChatAdministrators',
  'getChatMemberCount',
  'getChatMember',
  'setChatStickerSet',
  'deleteChatStickerSet',
  'answerCallbackQuery',
  'getUserChatBoosts',
  'getBusinessConnection',
  'setMyCommands',
  'deleteMyCommands',
  'getMyCommands',
  'setMyName',
  'getMyName',
  'setMyDescription',
  'getMyDescription',
  'setMyShortDescription',
  'getMyShortDescription',
  'setChatMenuButton',
  'getChatMenuButton',
  'setMyDefaultAdministratorRights',
  'getMyDefaultAdministratorRights',
  'editMessageText',
  'editMessageCaption',
  'editMessageMedia',
  'editMessageLiveLocation',
  'stopMessageLiveLocation',
  'editMessageReplyMarkup',
  'stopPoll',
  'deleteMessage',
  'deleteMessages',
  'sendSticker',
  'getStickerSet',
  'uploadStickerFile',
  'createNewStickerSet',
  'addStickerToSet',
  'answerInlineQuery',
  'answerWebAppQuery',
  'sendInvoice',
  'createInvoiceLink',
  'answerShippingQuery',
  'answerPreCheckoutQuery',
  'getStarTransactions',
  'refundStarPayment',
  'editUserStarSubscription',
  'sendGift',
  'getAvailableGifts',
  'sendGame',
  'setGameScore',
  'getGameHighScores',
  'setPassportDataErrors',
  'verifyUser',
  'verifyChat',
  'getMyStarBalance',
];
const TELEGRAM_NAMES = new Map(TELEGRAM_METHODS.map((name) => [name.toLowerCase(), name]));

/** A lower-cased Telegram method as documented (an unknown one stays as it came, lower-cased). */
export function telegramMethodName(method: string): string {
  return TELEGRAM_NAMES.get(method) ?? method;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const NUMBER = /-?\d+(?:\.\d+)?/g;
const DESCRIPTION_LIMIT = 300;

/** The description with ids and numbers replaced by `N`, trimmed to a bounded length. */
export function normaliseDescription(text: string): string {
  return text.replace(UUID, 'N').replace(NUMBER, 'N').trim().slice(0, DESCRIPTION_LIMIT);
}

function objectOrNull(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** A Telegram answer `{ ok: false, error_code, description, parameters? }` (HTTP status = error_code), or null. */
export function telegramErrorFact(
  method: string,
  status: number,
  answer: unknown,
  send: boolean,
  at: Date,
): PlatformErrorFact | null {
  const body = objectOrNull(answer);
  if (status < 400 && body?.ok !== false) return null;
  const code = typeof body?.error_code === 'number' && Number.isInteger(body.error_code) ? body.error_code : status;
  const retryAfter = objectOrNull(body?.parameters)?.retry_after;
  return {
    kind: 'platform_error',
    method: telegramMethodName(method),
    errorCode: code,
    description: normaliseDescription(typeof body?.description === 'string' ? body.description : `HTTP ${status}`),
    retryAfter: code === 429 && typeof retryAfter === 'number' ? Math.max(0, Math.round(retryAfter)) : null,
    send,
    at,
  };
}

/** A MAX error answer: a non-2xx status with `{ code, message }`; `call` as `POST /messages`; a 429's wait in `Retry-After`. */
export function maxErrorFact(
  call: string,
  status: number,
  answer: unknown,
  send: boolean,
  at: Date,
  retryAfterHeader?: string,
): PlatformErrorFact | null {
  if (status < 400) return null;
  const body = objectOrNull(answer);
  const text =
    typeof body?.message === 'string' ? body.message : typeof body?.code === 'string' ? body.code : `HTTP ${status}`;
  const header = retryAfterHeader === undefined ? NaN : Number(retryAfterHeader);
  const retryAfter = Number.isFinite(header) ? header : body?.retry_after;
  return {
    kind: 'platform_error',
    method: call,
    errorCode: status,
    description: normaliseDescription(text),
    retryAfter: status === 429 && typeof retryAfter === 'number' ? Math.max(0, Math.round(retryAfter)) : null,
    send,
    at,
  };
}
