/**
 * Every error message of the interface, word for word from the spec and the contract.
 * Code and tests both use these constants, so a message cannot drift from the spec.
 */
export const Messages = {
  // Open API keys (spec: Authentication, table 5)
  apiKeyRequired: 'API-ключ обязателен',
  apiKeyInvalid: 'Неверный API-ключ',
  apiKeyRevoked: 'API-ключ отозван',
  apiKeyExpired: 'Срок действия API-ключа истёк',
  scopeRequired: (scope: string) => `Недостаточно прав: требуется scope "${scope}"`,
  authFailure: 'Ошибка авторизации',
  apiKeyLimit: 'Достигнут лимит активных ключей (20)',
  // Not in the spec (docs/api.md: API decisions); the same for your own, a team member's and any key an admin names.
  apiKeyNotFound: 'API key not found',

  // Sessions and accounts (contract §3)
  sessionRequired: 'Требуется авторизация',
  sessionExpired: 'Сессия истекла, войдите заново',
  emailTaken: 'Пользователь с таким email уже существует',
  badCode: 'Неверный или просроченный код',
  badCredentials: 'Неверный email или пароль',
  confirmEmail: 'Подтвердите email',
  forbidden: 'Недостаточно прав',
  userNotFound: 'Пользователь не найден',
  tooManyRequests: 'Слишком много запросов, попробуйте позже',

  // Bots
  botNotFound: 'Bot not found',
  adminsCannotCreateBots: 'Admins cannot create bots',
  botTokenTaken: 'Бот с таким ID/token уже добавлен',
  badBotToken: 'Неверный токен бота',
  botLimit: 'Достигнут лимит ботов (20)',
  privateTarget: 'target_url must not point to a private, loopback or link-local address',

  // Tariffs (issue 5)
  tariffUnchanged: 'Этот тариф уже подключён',
  teamTooLargeForTariff: 'Команда больше, чем позволяет тариф: сначала удалите участников',

  // Teams (issue 5)
  teamNeedsBusiness: 'Команда доступна только на тарифе business',
  teamLimit: (people: number) => `Достигнут лимит команды (${people} человек)`,
  inviteNotFound: 'Приглашение не найдено или истекло',
  inviteForAnotherEmail: 'Приглашение отправлено на другой адрес',
  cannotInviteSelf: 'Нельзя пригласить самого себя',
  alreadyMember: 'Этот пользователь уже в команде',
  alreadyInTeam: 'Вы уже состоите в команде',
  ownTeamBlocksJoin: 'Сначала удалите участников своей команды',
  ownBotsBlockJoin: 'Сначала удалите своих ботов: участник команды работает с ботами команды',
  memberNotFound: 'Участник не найден',
  ownerCannotLeave: 'Владелец не может покинуть свою команду',

  // Administration and support (issue 5)
  roleOrTariffRequired: 'role or tariff required',
  cannotImpersonateAdmin: 'Нельзя войти под администратором',
  cannotDeleteSelf: 'Нельзя удалить свою учётную запись',
  emailFilterInvalid: 'email must be a string of at most 254 characters',
  ticketNotFound: 'Обращение не найдено',
  ticketSubjectInvalid: 'subject must be 1 to 200 characters',
  ticketTextInvalid: 'text must be 1 to 5000 characters',
  ticketStatusInvalid: 'status must be open or answered',

  // Proxy-webhook (contract §5)
  invalidWebhookSecret: 'Invalid webhook secret',
  webhookNeedsToken: 'Webhook setup requires bot token',

  // Reports of the open API (spec: Errors; contract §6)
  contactNotFound: 'Contact not found',
  badLimitOffset: 'неверный limit/offset',
  badLimit: 'неверный limit',
  badTimeRange: 'неверный from/to',
  badAlertState: 'state must be open or resolved',
  badUnansweredFilter: 'unanswered must be true or false',
  badDays: 'неверный days',
  // Retention cohorts (issue 16): `periods` as the issue words it, `period` in the same style.
  badPeriod: 'неверный period',
  badPeriods: 'неверный periods',
  // The cabinet's contact search (not in the spec; docs/api.md: API decisions).
  contactSearchInvalid: 'q must be at most 100 characters, without control characters',
  // Revenue (issue 26): the currency as the issue words it; the payer filter of the contact list (docs/api.md: Revenue).
  badCurrency: 'неверный currency',
  contactPayerInvalid: 'payer must be true or false',

  // Sending and broadcasts (spec: Errors)
  textRequired: 'text required',
  textTooLong: 'text too long (max 4000 chars)',
  userIdAndTextRequired: 'userId and text required',
  sendNeedsToken: 'Personal send requires bot token',
  broadcastNeedsToken: 'Broadcast requires bot token',
  providerSendFailed: 'Provider send failed',
  // Not in the spec (issue 15; docs/api.md): sends and broadcasts of a deactivated bot.
  botDeactivated: 'Bot is deactivated',

  // Closed broadcasts (spec: Errors; contract §3); the file ones also answer a live dialog reply with a file
  broadcastKindInvalid: 'kind must be photo, audio or file',
  broadcastPlatformInvalid: 'platform must be all, telegram or max',
  broadcastKindNeedsFile: 'file required when kind is given',
  broadcastCaptionTooLong: 'text too long for a caption (max 1024 chars)',
  broadcastFileTooLarge: 'file too large (max 50 MB)',
  broadcastSendAtInvalid: 'send_at must be an ISO 8601 time in the future with a time zone, e.g. 2030-01-31T09:00:00Z',
  broadcastContinuesAfterRestart: 'Service is restarting; the broadcast continues after the restart',
  broadcastSegmentNotObject: 'segment must be a JSON object',
  broadcastSegmentUnknownField: (field: string) => `segment.${field} is not a segment field`,
  broadcastSegmentBadString: (field: string) => `segment.${field} must be a non-empty string of at most 200 characters`,
  broadcastSegmentBadBlocked: 'segment.blocked must be true or false',
  broadcastSegmentBadPayer: 'segment.payer must be true or false',
  broadcastSegmentBadDays: 'segment.active_within_days must be an integer from 1 to 3650',
  broadcastNotFound: 'Broadcast not found',
  broadcastAlreadyFinished: 'Broadcast already finished',
  // Tracked links and A/B variants of broadcasts (issue 28; docs/api.md: Broadcast outcomes and variants).
  broadcastTrackLinksInvalid: 'track_links must be true or false',
  broadcastTextAndVariants: 'send either text or variants, not both',
  broadcastVariantsInvalid: 'variants must be an array of 2 to 4 variants',
  broadcastVariantNotObject: (i: number) => `variants[${i}] must be an object { text, file? }`,
  broadcastVariantUnknownField: (i: number, field: string) => `variants[${i}].${field} is not a variant field`,
  broadcastVariantTextRequired: (i: number) => `variants[${i}].text required`,
  broadcastVariantTextTooLong: (i: number) => `variants[${i}].text too long (max 4000 chars)`,
  broadcastVariantCaptionTooLong: (i: number) => `variants[${i}].text too long for a caption (max 1024 chars)`,
  broadcastVariantFileInvalid: (i: number) => `variants[${i}].file must be true or false`,
  broadcastVariantFileMissing: (i: number) => `variants[${i}].file needs a file uploaded with the broadcast`,
  broadcastTestShareInvalid: 'test_share must be a number from 0.05 to 1',
  broadcastWinnerAfterInvalid: 'winner_after_minutes must be an integer from 10 to 10080',
  broadcastWinnerMetricInvalid: 'winner_metric must be clicked, replied or revenue',
  broadcastTestNeedsVariants: 'test_share, winner_after_minutes and winner_metric need variants',
  broadcastWinnerRequired: 'winner_after_minutes and winner_metric are required when test_share is below 1',
  broadcastWinnerWithoutTest: 'winner_after_minutes and winner_metric apply only when test_share is below 1',
  broadcastClickedNeedsTracking: 'winner_metric clicked needs track_links: true',
  broadcastTrackedTextTooLong: (max: number) => `text too long with tracked links (max ${max} chars)`,

  // Payments (issue 26): the issue's messages, and the other fields' in the same style (docs/api.md: Payments).
  paymentConflict: 'Платёж с таким charge_id уже записан с другими данными',
  paymentNotFound: 'Платёж не найден',
  badAmount: 'неверный amount',
  badUserId: 'неверный user_id',
  badChargeId: 'неверный charge_id',
  badPayload: 'неверный payload',
  badPaidAt: 'неверный paid_at',
  badRefundedAt: 'неверный refunded_at',
  badBefore: 'неверный before',

  // Intents
  intentNotFound: 'Intent not found',
  intentNameTaken: 'Intent with this name already exists',
  intentRulesEmpty: 'keywords and patterns must not both be empty',

  // Tracked links (issue 28; docs/api.md: Tracked links). `неверный url` is the issue's own wording.
  linkUrlInvalid: 'неверный url',
  linkNameInvalid: 'name must be a string of at most 200 characters, without control characters',
  linkNotFound: 'Link not found',
  // A tracked link is followed with GET (HEAD answers the same without a click); anything else is 405.
  linkMethodNotAllowed: 'Method not allowed: a link is opened with GET',
  // The pages `/l/<code>` answers to a person's browser (HTML, not `{ message }`).
  linkPageNotFound: 'Такой ссылки нет: возможно, её удалили или в адресе опечатка.',
  linkPageUnavailable: 'Сервис временно недоступен, попробуйте открыть ссылку чуть позже.',

  // Event webhooks
  subscriptionLimit: 'Достигнут лимит подписок (20)',
  subscriptionNotFound: 'Подписка не найдена',
  privateWebhookUrl: 'url must not point to a private, loopback or link-local address',

  // Funnels (session API)
  funnelSourceOnce: 'source must be given once',

  // Avatars (contract §3)
  avatarNotFound: 'Avatar not found',
  avatarNeedsToken: 'Avatar requires bot token',
  avatarLinkInvalid: 'Avatar link is invalid or expired',

  // The cabinet (web/dist) is served by the service; without a build the page says how to make one.
  cabinetNotBuilt: 'The cabinet is not built: run npm run build',

  // Generic transport errors
  malformedJson: 'Malformed JSON body',
  bodyTooLarge: 'Request body too large',
  internal: 'Internal server error',
  unavailable: 'Service temporarily unavailable, retry later',
  refusedValue: 'Invalid value in request',
  /** /health/ready once SIGTERM has arrived: the instance finishes what it has and takes nothing new. */
  shuttingDown: 'Service is shutting down',
} as const;
