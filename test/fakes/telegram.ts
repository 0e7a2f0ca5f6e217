import { IncomingMessage, ServerResponse, STATUS_CODES } from 'node:http';
import { FakeHttpServer } from './fake-server';
import { BadBodyError, HttpReply, postJson, readBody, RequestBody, sendJson } from './http-util';
import { appendMessage, storeFile, telegramMethods, unixNow } from './telegram-methods';
import {
  NOT_FOUND,
  SEND_METHODS,
  TelegramCall,
  TelegramFault,
  TelegramWebhook,
  TgBotInput,
  TgBotState,
  TgChat,
  TgError,
  TgMessage,
  TgMessageInput,
  TgPaymentInput,
  TgPhotoSize,
  TgUpdate,
  TgUpdateInput,
  TgUser,
  UNAUTHORIZED,
} from './telegram-types';

export * from './telegram-types';

/** A loopback Telegram Bot API: `/bot<token>/<method>` and `/file/bot<token>/<path>`. */
export class FakeTelegram extends FakeHttpServer<TelegramFault> {
  readonly calls: TelegramCall[] = [];
  private readonly bots = new Map<string, TgBotState>();
  private readonly methods = telegramMethods(this.polls);

  static async start(): Promise<FakeTelegram> {
    return new FakeTelegram().listen();
  }

  static tooManyRequests(retryAfter: number): TelegramFault {
    return {
      error_code: 429,
      description: `Too Many Requests: retry after ${retryAfter}`,
      parameters: { retry_after: retryAfter },
    };
  }

  addBot(input: TgBotInput): TgUser {
    const user: TgUser = {
      id: input.id ?? Number(input.token.split(':')[0]),
      is_bot: true,
      first_name: input.first_name,
      username: input.username,
    };
    this.bots.set(input.token, {
      user,
      updates: [],
      nextUpdateId: 1,
      nextMessageId: 1,
      pollGeneration: 0,
      sent: [],
      blocked: new Set(),
      missingChats: new Set(),
      files: new Map(),
      profilePhotos: new Map(),
      payments: new Map(),
    });
    return user;
  }

  /** Queues an update for getUpdates, numbering it when it has no update_id. */
  pushUpdate(token: string, update: TgUpdateInput): TgUpdate {
    const bot = this.bot(token);
    const full = this.numbered(bot, update);
    bot.updates.push(full);
    this.polls.wakeAll();
    return full;
  }

  /** Pushes a message update; in a private chat `chat.id` equals `from.id`, as on Telegram. */
  message(token: string, input: TgMessageInput): TgUpdate {
    const bot = this.bot(token);
    const from: TgUser = { is_bot: false, first_name: 'User', ...input.from };
    const type = input.chatType ?? 'private';
    const chat: TgChat =
      type === 'private'
        ? { id: input.chatId ?? from.id, type, first_name: from.first_name, username: from.username }
        : { id: input.chatId ?? -from.id, type, title: 'Test chat' };
    const message = appendMessage(bot, chat, { from, date: input.date ?? unixNow(), text: input.text, ...input.extra });
    if (input.text.startsWith('/')) {
      message.entities = [{ type: 'bot_command', offset: 0, length: input.text.split(' ')[0].length }];
    }
    return this.pushUpdate(token, { message });
  }

  /**
   * The update of a payment to the bot: the private-chat message carrying `successful_payment` (Stars by
   * default). Not queued: push it with pushUpdate or deliver it with deliverWebhook. The charge is the bot's
   * from now on, so refundStarPayment can refund it.
   */
  successfulPayment(token: string, input: TgPaymentInput): TgUpdateInput {
    const bot = this.bot(token);
    const charge = {
      userId: input.from.id,
      currency: input.currency ?? 'XTR',
      totalAmount: input.total_amount ?? 100,
      payload: input.invoice_payload ?? 'stars:100',
      refunded: false,
    };
    bot.payments.set(input.chargeId, charge);
    return this.paymentMessage(bot, input.from, input.date, {
      successful_payment: {
        currency: charge.currency,
        total_amount: charge.totalAmount,
        invoice_payload: charge.payload,
        telegram_payment_charge_id: input.chargeId,
        provider_payment_charge_id: input.provider_payment_charge_id ?? '',
        ...input.extra,
      },
    });
  }

  /** The update telling the bot a payment was refunded (`refunded_payment`); marks the charge refunded. */
  refundedPayment(token: string, chargeId: string, date?: number): TgUpdateInput {
    const bot = this.bot(token);
    const charge = bot.payments.get(chargeId);
    if (!charge) throw new Error(`FakeTelegram: no payment ${chargeId} of this bot`);
    charge.refunded = true;
    return this.paymentMessage(bot, { id: charge.userId }, date, {
      refunded_payment: {
        currency: charge.currency,
        total_amount: charge.totalAmount,
        invoice_payload: charge.payload,
        telegram_payment_charge_id: chargeId,
      },
    });
  }

  /** Whether refundStarPayment (or refundedPayment) refunded this charge. */
  isRefunded(token: string, chargeId: string): boolean {
    return this.bot(token).payments.get(chargeId)?.refunded === true;
  }

  private paymentMessage(
    bot: TgBotState,
    input: Partial<TgUser> & { id: number },
    date: number | undefined,
    fields: Record<string, unknown>,
  ): TgUpdateInput {
    const from: TgUser = { is_bot: false, first_name: 'User', ...input };
    const chat: TgChat = { id: from.id, type: 'private', first_name: from.first_name, username: from.username };
    return { message: appendMessage(bot, chat, { from, date: date ?? unixNow(), ...fields }) };
  }

  /** Pushes the private-chat my_chat_member update Telegram sends when a user blocks (kicked) or unblocks (member). */
  myChatMember(token: string, from: Partial<TgUser> & { id: number }, status: 'kicked' | 'member'): TgUpdate {
    const bot = this.bot(token);
    const user: TgUser = { is_bot: false, first_name: 'User', ...from };
    const old = status === 'kicked' ? 'member' : 'kicked';
    return this.pushUpdate(token, {
      my_chat_member: {
        chat: { id: user.id, type: 'private', first_name: user.first_name },
        from: user,
        date: unixNow(),
        old_chat_member: { user: bot.user, status: old },
        new_chat_member: { user: bot.user, status },
      },
    });
  }

  callsOf(method: string): TelegramCall[] {
    return this.calls.filter((call) => call.method === method.toLowerCase());
  }

  override failNext(method: string, fault: TelegramFault, times = 1): void {
    super.failNext(method.toLowerCase(), fault, times);
  }

  override delayNext(method: string, ms: number, times = 1): void {
    super.delayNext(method.toLowerCase(), ms, times);
  }

  sentMessages(token: string): TgMessage[] {
    return this.bot(token).sent;
  }

  webhookOf(token: string): TelegramWebhook | undefined {
    return this.bot(token).webhook;
  }

  pendingUpdates(token: string): TgUpdate[] {
    return this.bot(token).updates;
  }

  blockUser(token: string, chatId: number | string): void {
    this.bot(token).blocked.add(String(chatId));
  }

  unblockUser(token: string, chatId: number | string): void {
    this.bot(token).blocked.delete(String(chatId));
  }

  /** Makes sends to this chat answer 400 `Bad Request: chat not found`. */
  chatNotFound(token: string, chatId: number | string): void {
    this.bot(token).missingChats.add(String(chatId));
  }

  /** Serves bytes at `/file/bot<token>/<filePath>`; returns the file_id that getFile resolves. */
  addFile(token: string, filePath: string, bytes: Buffer): string {
    return storeFile(this.bot(token), filePath, bytes).file_id;
  }

  /** Adds one profile photo in two sizes; the larger (640 px) serves `bytes`. Returns the sizes. */
  addProfilePhoto(token: string, userId: number, bytes: Buffer): TgPhotoSize[] {
    const bot = this.bot(token);
    const photos = bot.profilePhotos.get(String(userId)) ?? [];
    const sizes = [160, 640].map((side) => {
      const content = side === 640 ? bytes : Buffer.from(`thumbnail of ${userId}`);
      const file = storeFile(bot, `photos/${userId}_${photos.length}_${side}.jpg`, content);
      return {
        file_id: file.file_id,
        file_unique_id: file.file_unique_id,
        width: side,
        height: side,
        file_size: content.length,
      };
    });
    photos.push(sizes);
    bot.profilePhotos.set(String(userId), photos);
    return sizes;
  }

  /**
   * POSTs the update to the webhook like Telegram does. A 2xx answer removes it from the pending
   * queue; anything else sets last_error_*. A connection failure answers status 0.
   */
  async deliverWebhook(token: string, update: TgUpdateInput): Promise<HttpReply> {
    const bot = this.bot(token);
    const hook = bot.webhook;
    if (!hook) throw new Error(`FakeTelegram: no webhook is set for ${token}`);
    const full = this.numbered(bot, update);
    const headers: Record<string, string> = hook.secret_token
      ? { 'X-Telegram-Bot-Api-Secret-Token': hook.secret_token }
      : {};
    const reply = await postJson(hook.url, full, headers).catch((error: unknown): HttpReply => ({
      status: 0,
      body: String(error),
      contentType: '',
    }));
    if (reply.status >= 200 && reply.status < 300) {
      bot.updates = bot.updates.filter((u) => u.update_id !== full.update_id);
    } else {
      hook.last_error_date = unixNow();
      hook.last_error_message = reply.status
        ? `Wrong response from the webhook: ${reply.status} ${STATUS_CODES[reply.status] ?? ''}`.trim()
        : 'Connection refused';
    }
    return reply;
  }

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const file = /^\/file\/bot([^/]+)\/(.+)$/.exec(url.pathname);
    if (file) return this.serveFile(res, safeDecode(file[1]), safeDecode(file[2]));
    const route = /^\/bot([^/]+)\/([^/]+)\/?$/.exec(url.pathname);
    const token = route ? safeDecode(route[1]) : undefined;
    if (!route || token === undefined) return answerFault(res, NOT_FOUND);
    const method = route[2].toLowerCase();

    let body: RequestBody;
    try {
      body = await readBody(req);
    } catch (error) {
      if (error instanceof BadBodyError) return answerFault(res, TgError.badRequest(error.message).fault);
      throw error;
    }
    // Body fields override the query, which is how the real API merges them.
    const params = { ...Object.fromEntries(url.searchParams), ...body.fields };
    const at = Date.now();
    this.calls.push({ token, method, params, files: body.files, rawBody: body.raw, headers: req.headers, at });
    if (SEND_METHODS.has(method)) this.recordSend(req);
    await this.applyLatency(method);

    const bot = this.bots.get(token);
    if (!bot) return answerFault(res, UNAUTHORIZED);
    const fault = this.takeFault(method);
    if (fault) return answerFault(res, fault);
    const handler = this.methods[method];
    if (!handler) return answerFault(res, NOT_FOUND);
    try {
      sendJson(res, 200, { ok: true, result: await handler(bot, params, body.files) });
    } catch (error) {
      if (error instanceof TgError) return answerFault(res, error.fault);
      throw error;
    }
  }

  private serveFile(res: ServerResponse, token: string | undefined, filePath: string | undefined): void {
    const bot = token === undefined ? undefined : this.bots.get(token);
    if (!bot) return answerFault(res, UNAUTHORIZED);
    const file = filePath === undefined ? undefined : bot.files.get(filePath);
    if (!file) return answerFault(res, NOT_FOUND);
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': file.bytes.length });
    res.end(file.bytes);
  }

  private numbered(bot: TgBotState, update: TgUpdateInput): TgUpdate {
    const id = update.update_id ?? bot.nextUpdateId;
    bot.nextUpdateId = Math.max(bot.nextUpdateId, id + 1);
    return { ...update, update_id: id };
  }

  private bot(token: string): TgBotState {
    const bot = this.bots.get(token);
    if (!bot) throw new Error(`FakeTelegram: unknown bot token ${token}; call addBot first`);
    return bot;
  }
}

function answerFault(res: ServerResponse, fault: TelegramFault): void {
  sendJson(res, fault.error_code, { ok: false, ...fault });
}

function safeDecode(part: string): string | undefined {
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
}
