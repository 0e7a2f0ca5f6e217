import { IncomingMessage, ServerResponse } from 'node:http';
import { FakeHttpServer } from './fake-server';
import { BadBodyError, HttpReply, postJson, readBody, sendJson, UploadedFile } from './http-util';
import { dialogChatId, maxRoutes, maxUser, newMessageBody } from './max-routes';
import { MaxUploads } from './max-uploads';
import {
  CHAT_DENIED,
  INVALID_TOKEN,
  MaxBotInput,
  MaxBotState,
  MaxCall,
  MaxError,
  MaxFault,
  MaxMessage,
  MaxSubscription,
  MaxUpdate,
  MaxUser,
  MaxUserInput,
  TOO_MANY_REQUESTS,
} from './max-types';

export * from './max-types';

export type MaxUpdateInput = { update_type: string; timestamp?: number; [field: string]: unknown };

export interface WebhookDelivery extends HttpReply {
  url: string;
}

/** A loopback MAX Bot API: REST resources with a raw `Authorization: <token>` header. */
export class FakeMax extends FakeHttpServer<MaxFault> {
  static readonly chatDenied = CHAT_DENIED;
  static readonly tooManyRequests = TOO_MANY_REQUESTS;

  readonly calls: MaxCall[] = [];
  /** Upload URLs handed out by `POST /uploads` and the files sent to them. */
  readonly uploads = new MaxUploads();
  private readonly bots = new Map<string, MaxBotState>();
  private readonly routes = maxRoutes(this.polls);

  static async start(): Promise<FakeMax> {
    return new FakeMax().listen();
  }

  addBot(input: MaxBotInput): MaxUser {
    const { token, ...profile } = input;
    const info: MaxUser = { ...maxUser({ ...profile, description: profile.description ?? null }), is_bot: true };
    this.bots.set(token, {
      info,
      updates: [],
      nextIndex: 1,
      subscriptions: [],
      sent: [],
      blocked: new Set(),
      users: new Map(),
      dialogs: new Map(),
    });
    return info;
  }

  /** Registers a user profile (avatar included) for `GET /chats/{id}`; returns the dialog chat_id. */
  addUser(token: string, user: MaxUserInput, chatId?: number): number {
    const bot = this.bot(token);
    bot.users.set(user.user_id, maxUser(user));
    if (chatId !== undefined) bot.dialogs.set(user.user_id, chatId);
    return dialogChatId(bot, user.user_id);
  }

  /** Queues an update for `GET /updates`, stamping it with the current time (ms) if needed. */
  pushUpdate(token: string, update: MaxUpdateInput): MaxUpdate {
    const bot = this.bot(token);
    const full: MaxUpdate = { ...update, timestamp: update.timestamp ?? Date.now() };
    bot.updates.push({ index: bot.nextIndex++, update: full });
    this.polls.wakeAll();
    return full;
  }

  /** Pushes a message_created from a user in their dialog with the bot. */
  messageCreated(
    token: string,
    input: { sender: MaxUserInput; text: string; chat_id?: number; timestamp?: number; attachments?: unknown[] },
  ): MaxUpdate {
    const bot = this.bot(token);
    const sender = maxUser(input.sender);
    const timestamp = input.timestamp ?? Date.now();
    const message: MaxMessage = {
      sender,
      recipient: {
        chat_id: this.dialog(bot, sender.user_id, input.chat_id),
        chat_type: 'dialog',
        user_id: bot.info.user_id,
      },
      timestamp,
      body: newMessageBody(input.text, input.attachments),
    };
    return this.pushUpdate(token, { update_type: 'message_created', timestamp, message, user_locale: 'ru' });
  }

  /** Pushes bot_started; the deep-link payload arrives only here, never as message text. */
  botStarted(token: string, input: { user: MaxUserInput; payload?: string; chat_id?: number }): MaxUpdate {
    return this.dialogEvent(token, 'bot_started', input, input.payload === undefined ? {} : { payload: input.payload });
  }

  /** Pushes bot_stopped, which MAX sends when the user stops or blocks the bot. */
  botStopped(token: string, input: { user: MaxUserInput; chat_id?: number }): MaxUpdate {
    return this.dialogEvent(token, 'bot_stopped', input, {});
  }

  callsOf(method: string, path: string): MaxCall[] {
    return this.calls.filter((call) => call.method === method.toUpperCase() && call.path === path);
  }

  sentMessages(token: string): MaxMessage[] {
    return this.bot(token).sent;
  }

  subscriptionsOf(token: string): MaxSubscription[] {
    return this.bot(token).subscriptions;
  }

  pendingUpdates(token: string): MaxUpdate[] {
    return this.bot(token).updates.map((u) => u.update);
  }

  /** Makes `POST /messages` to this user id or chat id answer 403 chat.denied. */
  blockUser(token: string, userOrChatId: number): void {
    this.bot(token).blocked.add(String(userOrChatId));
  }

  unblockUser(token: string, userOrChatId: number): void {
    this.bot(token).blocked.delete(String(userOrChatId));
  }

  /**
   * POSTs the update to every subscription whose update_types admit it. Only a 200 counts as
   * delivered on MAX; a delivered update leaves the polling queue. A connection failure is status 0.
   */
  async deliverWebhook(token: string, update: MaxUpdateInput): Promise<WebhookDelivery[]> {
    const bot = this.bot(token);
    const full: MaxUpdate = { ...update, timestamp: update.timestamp ?? Date.now() };
    const targets = bot.subscriptions.filter(
      (s) => s.update_types.length === 0 || s.update_types.includes(full.update_type),
    );
    const deliveries = await Promise.all(
      targets.map(async (s): Promise<WebhookDelivery> => {
        const headers: Record<string, string> = s.secret ? { 'X-Max-Bot-Api-Secret': s.secret } : {};
        const reply = await postJson(s.url, full, headers).catch((error: unknown): HttpReply => ({
          status: 0,
          body: String(error),
          contentType: '',
        }));
        return { url: s.url, ...reply };
      }),
    );
    if (deliveries.some((d) => d.status === 200)) bot.updates = bot.updates.filter((u) => u.update !== update);
    return deliveries;
  }

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const method = (req.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const token = req.headers.authorization;
    const query = Object.fromEntries(url.searchParams);
    let body: Record<string, unknown>;
    let files: UploadedFile[];
    try {
      ({ fields: body, files } = await readBody(req));
    } catch (error) {
      if (error instanceof BadBodyError) return answerError(res, MaxError.badRequest(error.message));
      throw error;
    }
    const at = Date.now();
    this.calls.push({ token, method, path, query, body, headers: req.headers, at });
    if (method === 'POST' && path === '/messages') this.recordSend(req);
    await this.applyLatency(`${method} ${path}`, path);

    // Upload URLs live on MAX's file host and take no bot token.
    const uploadTo = method === 'POST' ? /^\/upload\/(\d+)$/.exec(path) : null;
    if (uploadTo) return this.answer(res, () => this.uploads.receive(uploadTo[1], files));

    // The header carries the bare token; `?access_token=` is no longer accepted by MAX.
    const bot = token === undefined ? undefined : this.bots.get(token);
    if (!bot) return sendJson(res, INVALID_TOKEN.status, INVALID_TOKEN.body);
    const fault = this.takeFault(`${method} ${path}`, path);
    if (fault) return sendJson(res, fault.status, fault.body, fault.headers);
    if (method === 'POST' && path === '/uploads')
      return this.answer(res, () => this.uploads.slot(query.type, this.url));

    const onPath = this.routes.filter((r) => r.path.test(path));
    const route = onPath.find((r) => r.method === method);
    if (!route) {
      return onPath.length
        ? answerError(res, new MaxError(405, 'method.not.allowed', `Method ${method} is not allowed for ${path}`))
        : answerError(res, new MaxError(404, 'not.found', `Path ${path} is not recognized`));
    }
    try {
      const match = [...(route.path.exec(path) ?? [])];
      sendJson(res, 200, await route.run({ bot, query, body, match }));
    } catch (error) {
      if (error instanceof MaxError) return answerError(res, error);
      throw error;
    }
  }

  private answer(res: ServerResponse, run: () => unknown): void {
    try {
      sendJson(res, 200, run());
    } catch (error) {
      if (error instanceof MaxError) return answerError(res, error);
      throw error;
    }
  }

  private dialogEvent(
    token: string,
    updateType: string,
    input: { user: MaxUserInput; chat_id?: number },
    extra: Record<string, unknown>,
  ): MaxUpdate {
    const bot = this.bot(token);
    const user = maxUser(input.user);
    const chatId = this.dialog(bot, user.user_id, input.chat_id);
    return this.pushUpdate(token, { update_type: updateType, chat_id: chatId, user, ...extra, user_locale: 'ru' });
  }

  private dialog(bot: MaxBotState, userId: number, chatId: number | undefined): number {
    if (chatId !== undefined) bot.dialogs.set(userId, chatId);
    return dialogChatId(bot, userId);
  }

  private bot(token: string): MaxBotState {
    const bot = this.bots.get(token);
    if (!bot) throw new Error(`FakeMax: unknown bot token ${token}; call addBot first`);
    return bot;
  }
}

function answerError(res: ServerResponse, error: MaxError): void {
  sendJson(res, error.status, { code: error.code, message: error.message });
}
