import { Inject, Logger, OnModuleDestroy, UnauthorizedException } from '@nestjs/common';
import { EventEmitter2, OnEvent } from '@nestjs/event-emitter';
import { OnGatewayConnection, OnGatewayInit, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import type { Principal } from '../auth/principal';
import { SessionsService } from '../auth/sessions.service';
import { Messages } from '../common/messages';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { ButtonPressEvent, FactEvents, MessageEvent, onFact } from '../ingest/events';
import { announce, ChangeEvents, TeamMembershipChanged } from '../common/changes';
import { LiveSessions } from './live-sessions';
import { LiveRelay } from './live-relay';
import { ConnectionWatch } from '../metrics/connection-watch';
import { InstanceChannel } from '../queue/instance-channel';
import { RedisClient } from '../queue/redis';
import { describeError } from '../logging/describe-error';

export const LIVE_PATH = '/api/ws';
export const DIALOG_UPDATED = 'dialog.updated';
/** A contact pressed a button: an open conversation reads its presses again (the dialog list does not move). */
export const DIALOG_PRESSED = 'dialog.pressed';
/** Sent just before the server closes a socket whose session ended. */
export const SESSION_ENDED = 'session.ended';

/** What the cabinet's dialog list needs to move a dialog to the top (contract §3). */
export interface DialogUpdated {
  bot_id: string;
  external_user_id: string;
  /** The message text, at most 200 characters like the dialog list; '' for a message without text. */
  last_text: string;
  last_direction: 'in' | 'out';
  last_at: string;
}

interface LiveSocketData {
  principal: Principal;
}

/**
 * Live dialogs over socket.io at /api/ws. A client signs in with its session token (`auth.token`,
 * or `?token=`); a missing, unknown or expired one refuses the connection with the session API's
 * message. The sockets of everyone working on an account (owner and team) share a room, and every
 * new message of the account's bots, inbound or outbound, is pushed to it as `dialog.updated`.
 */
@WebSocketGateway({ path: LIVE_PATH, serveClient: false })
export class LiveDialogsGateway implements OnGatewayInit, OnGatewayConnection, OnModuleDestroy {
  private readonly logger = new Logger('LiveDialogs');
  private sweep: NodeJS.Timeout | undefined;
  private relay: LiveRelay | undefined;

  @WebSocketServer()
  private readonly server!: Server;

  constructor(
    private readonly sessions: SessionsService,
    private readonly liveSessions: LiveSessions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly redis: RedisClient,
    private readonly watch: ConnectionWatch,
    private readonly events: EventEmitter2,
  ) {
    // Fact events straight from the bus (see onFact): every stored message comes here.
    onFact(events, FactEvents.messageCreated, this.logger, (message: MessageEvent) => this.onMessage(message));
    onFact(events, FactEvents.messageOutbound, this.logger, (message: MessageEvent) => this.onMessage(message));
    onFact(events, FactEvents.buttonPressed, this.logger, (press: ButtonPressEvent) => this.onPress(press));
  }

  afterInit(server: Server): void {
    this.relay = new LiveRelay(server, new InstanceChannel('live', this.config, this.redis, this.watch), () =>
      announce(this.events, { type: ChangeEvents.liveWatching }),
    );
    server.use((socket, next) => {
      this.sessions.authenticate(tokenOf(socket)).then(
        (principal) => {
          (socket.data as LiveSocketData).principal = principal;
          next();
        },
        (error: unknown) => next(refusal(error)),
      );
    });
    this.sweep = setInterval(() => void this.closeEndedSessions(), this.config.liveSessionCheckMs);
    this.sweep.unref();
  }

  async handleConnection(socket: Socket): Promise<void> {
    await socket.join(userRoom((socket.data as LiveSocketData).principal.accountId));
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.sweep);
    await this.relay?.close();
  }

  onMessage(message: MessageEvent): void {
    if (!this.relay) return;
    // The account's sockets may be on any instance: the relay carries it to all of them.
    const update: DialogUpdated = {
      bot_id: message.bot_id,
      external_user_id: message.external_user_id,
      last_text: firstCharacters(message.text ?? '', 200),
      last_direction: message.direction,
      last_at: message.created_at,
    };
    this.relay.emit(userRoom(message.userId), DIALOG_UPDATED, update);
  }

  onPress(press: ButtonPressEvent): void {
    if (!this.relay) return;
    const { bot_id, external_user_id, data, created_at } = press;
    this.relay.emit(userRoom(press.userId), DIALOG_PRESSED, { bot_id, external_user_id, data, created_at });
  }

  /** Another instance has live sockets now: this one's events go to it again (see LiveRelay). */
  @OnEvent(ChangeEvents.liveWatching)
  onLiveWatching(): void {
    this.relay?.othersMayListen();
  }

  /**
   * A user who joins, leaves or is removed from a team hears the new account's dialogs from now on.
   * The change reaches every instance through ChangeRelay, and each moves its own sockets.
   */
  @OnEvent(ChangeEvents.teamMembershipChanged)
  async onTeamChange(change: TeamMembershipChanged): Promise<void> {
    if (!this.server) return;
    await this.moveSockets(change);
  }

  /** Moves this instance's sockets of the user to the account they work on now. */
  private async moveSockets(change: TeamMembershipChanged): Promise<void> {
    for (const socket of this.server.of('/').sockets.values()) {
      const principal = (socket.data as LiveSocketData).principal;
      if (principal.userId !== change.userId) continue;
      await socket.leave(userRoom(principal.accountId));
      Object.assign(principal, { accountId: change.accountId, teamRole: change.teamRole });
      await socket.join(userRoom(change.accountId));
    }
  }

  /** Sessions end by logout or expiry while their sockets stay open; those sockets are closed here. */
  private async closeEndedSessions(): Promise<void> {
    try {
      const sockets = [...this.server.of('/').sockets.values()];
      const sessionIds = sockets
        .map((socket) => (socket.data as LiveSocketData).principal.sessionId)
        .filter((id): id is string => !!id);
      if (!sessionIds.length) return;
      const alive = await this.liveSessions.alive([...new Set(sessionIds)]);
      for (const socket of sockets) {
        const { sessionId } = (socket.data as LiveSocketData).principal;
        if (sessionId && alive.has(sessionId)) continue;
        socket.emit(SESSION_ENDED, { message: Messages.sessionExpired });
        socket.disconnect(true);
      }
    } catch (error) {
      this.logger.error(`Checking live sessions failed: ${describeError(error)}`);
    }
  }
}

/** At most `count` characters (code points, so no surrogate pair is cut); a shorter text as it is, without a copy. */
function firstCharacters(text: string, count: number): string {
  return text.length <= count ? text : Array.from(text).slice(0, count).join('');
}

function userRoom(userId: string): string {
  return `user:${userId}`;
}

function tokenOf(socket: Socket): string | null {
  const { auth, query, headers } = socket.handshake;
  const fromAuth = (auth as { token?: unknown } | undefined)?.token;
  if (typeof fromAuth === 'string') return fromAuth;
  if (typeof query.token === 'string') return query.token;
  const bearer = /^Bearer\s+(\S+)$/i.exec(headers.authorization ?? '');
  return bearer ? bearer[1] : null;
}

/** socket.io hands the error's message and data to the client's `connect_error`. */
function refusal(error: unknown): Error {
  const message = error instanceof UnauthorizedException ? error.message : Messages.internal;
  return Object.assign(new Error(message), { data: { message } });
}
