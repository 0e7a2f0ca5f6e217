/** Query keys in one place, so a mutation invalidates exactly what it changed. */
export const keys = {
  me: ['me'] as const,
  bots: ['bots'] as const,
  bot: (id: string) => ['bots', id] as const,
  webhook: (id: string) => ['bots', id, 'webhook'] as const,
  stats: (id: string) => ['bots', id, 'stats'] as const,
  timeline: (id: string, days: number) => ['bots', id, 'timeline', days] as const,
  sources: (id: string) => ['bots', id, 'sources'] as const,
  retention: (id: string, period: string, source: string | null) => ['bots', id, 'retention', period, source] as const,
  mappings: (id: string) => ['bots', id, 'mappings'] as const,
  contacts: (id: string, q: string, offset: number) => ['bots', id, 'contacts', q, offset] as const,
  contact: (id: string, userId: string) => ['bots', id, 'contact', userId] as const,
  dialogs: (id: string) => ['bots', id, 'dialogs'] as const,
  messages: (id: string, userId: string) => ['bots', id, 'dialogs', userId] as const,
  /** Under the dialog's key: reading the conversation again reads its presses too. */
  presses: (id: string, userId: string) => ['bots', id, 'dialogs', userId, 'presses'] as const,
  /** Under the dialog's key too: the contact's clicks on tracked links. */
  clicks: (id: string, userId: string) => ['bots', id, 'dialogs', userId, 'clicks'] as const,
  /** Under the dialog's key too: a live payment message reads them again. */
  dialogPayments: (id: string, userId: string) => ['bots', id, 'dialogs', userId, 'payments'] as const,

  // The account's screens, outside any bot
  webhooks: ['webhooks'] as const,
  deliveries: (subscriptionId: string) => ['webhooks', subscriptionId, 'deliveries'] as const,
  apiKeys: ['api-keys'] as const,
  teamApiKeys: ['team', 'api-keys'] as const,
  team: ['team'] as const,
  tariffs: ['tariffs'] as const,
  invoices: ['invoices'] as const,
  tickets: ['support'] as const,
  admin: ['admin'] as const,
  adminUsers: (email: string, offset: number) => ['admin', 'users', email, offset] as const,
  adminUserKeys: (userId: string) => ['admin', 'user-keys', userId] as const,
  adminTickets: (status: string, offset: number) => ['admin', 'support', status, offset] as const,
  audit: (offset: number) => ['admin', 'audit', offset] as const,

  // The bot's intents, funnel and broadcasts
  intents: (id: string) => ['bots', id, 'intents'] as const,
  intentMessages: (id: string, intentId: string, offset: number) =>
    ['bots', id, 'intents', intentId, 'messages', offset] as const,
  funnelConfig: (id: string) => ['bots', id, 'funnel', 'config'] as const,
  funnel: (id: string, source: string | null) => ['bots', id, 'funnel', 'result', source] as const,
  /** The bot's tracked links: the pages of the list under one key, each link's timelines under another. */
  linkPages: (id: string) => ['bots', id, 'links', 'page'] as const,
  linksPage: (id: string, offset: number) => ['bots', id, 'links', 'page', offset] as const,
  link: (id: string, linkId: string) => ['bots', id, 'links', linkId] as const,
  linkClicks: (id: string, linkId: string, from: string, to: string) =>
    ['bots', id, 'links', linkId, 'clicks', from, to] as const,
  broadcasts: (id: string) => ['bots', id, 'broadcasts'] as const,
  broadcastPreview: (id: string, audience: unknown) => ['bots', id, 'broadcasts', 'preview', audience] as const,

  // The bot's revenue
  revenue: (id: string, from: string | null, source: string | null) => ['bots', id, 'revenue', from, source] as const,
  revenueCohorts: (id: string, period: string, source: string | null, currency: string | null) =>
    ['bots', id, 'revenue', 'cohorts', period, source, currency] as const,
  payments: (id: string, userId: string | null) => ['bots', id, 'payments', userId] as const,

  // The bot's health and alerts (issue 27)
  health: (id: string, from: string, to: string) => ['bots', id, 'health', from, to] as const,
  alerts: (id: string, state: 'open' | 'all') => ['bots', id, 'alerts', state] as const,
  waitingDialogs: (id: string) => ['bots', id, 'waiting-dialogs'] as const,
};
