import { Logger } from '@nestjs/common';
import type { Server, Socket } from 'socket.io';
import { InstanceChannel } from '../queue/instance-channel';

/** How long an instance whose last publish reached no other instance keeps its events to itself. */
export const ALONE_RECHECK_MS = 2000;

/** One live event for the sockets of one room, as it travels between instances. */
type RoomEvent = [room: string, event: string, payload: unknown];

/**
 * Emits live events to a room's sockets on every instance of the deployment. This instance's sockets
 * get each event at once; the other instances get the events of one turn of the event loop together,
 * in one message on a Redis channel (InstanceChannel), rather than one publish per event through the
 * socket.io adapter. The ingest stores a few thousand messages a second through the mirror, and a
 * publish per message (encoded, written, echoed back to this instance's own subscriber and decoded
 * there) cost the app about 13% of its time in bench/mirror.ts, and Redis as much again.
 * Events are notices, as before: those of a turn while Redis is away are dropped, never piled up.
 *
 * Only instances with a live socket subscribe to the channel, and Redis answers each publish with the
 * number of subscriptions it reached: when that shows no other instance listening (one instance, or
 * nobody in the cabinet), publishing stops for ALONE_RECHECK_MS, then one publish asks again. An instance
 * whose first socket connects subscribes, then announces it (ChangeEvents.liveWatching, through the change
 * relay), and the others publish again from their next event on. The publish per turn, with its JSON,
 * was 4–5% of the app's CPU per update in bench/ingest.ts, with nobody to hear it.
 */
export class LiveRelay {
  private readonly logger = new Logger('LiveRelay');
  private due: RoomEvent[] = [];
  /** This instance's live sockets, and whether Redis has its subscription for them. */
  private sockets = 0;
  private subscribed = false;
  /** Counts subscribe and unsubscribe calls: only the answer to the latest one sets `subscribed`. */
  private subscription = 0;
  /** Until then the last publish reached no other instance: events are only emitted here. */
  private aloneUntil = 0;

  constructor(
    private readonly server: Server,
    private readonly channel: InstanceChannel,
    /** Tells the other instances that this one has live sockets now (ChangeEvents.liveWatching). */
    private readonly announceWatching: () => void,
  ) {
    channel.listen((message) => this.receive(message), false);
    server.on('connection', (socket: Socket) => this.socketConnected(socket));
  }

  emit(room: string, event: string, payload: unknown): void {
    this.emitHere(room, event, payload);
    if (Date.now() < this.aloneUntil) return;
    if (!this.due.length) setImmediate(this.publishDue);
    this.due.push([room, event, payload]);
  }

  /** Another instance got its first socket: publish again, without waiting for the next check. */
  othersMayListen(): void {
    this.aloneUntil = 0;
  }

  close(): Promise<void> {
    return this.channel.close();
  }

  private readonly publishDue = (): void => {
    const due = this.due;
    this.due = [];
    // Taken when sent: a subscription confirmed by then is counted in Redis's answer.
    const own = this.subscribed ? 1 : 0;
    void this.channel.publishIfConnected(JSON.stringify(due)).then((reached) => {
      if (reached !== null && reached - own <= 0) this.aloneUntil = Date.now() + ALONE_RECHECK_MS;
    });
  };

  private socketConnected(socket: Socket): void {
    socket.once('disconnect', () => this.socketDisconnected());
    if (++this.sockets > 1) return;
    const call = ++this.subscription;
    void this.channel.subscribe().then((made) => {
      // The last socket left meanwhile, and its unsubscribe went out after this subscribe.
      if (!made || call !== this.subscription) return;
      this.subscribed = true;
      this.announceWatching();
    });
  }

  private socketDisconnected(): void {
    if (--this.sockets > 0) return;
    this.subscription++;
    this.subscribed = false;
    this.channel.unsubscribe();
  }

  private receive(message: string): void {
    let events: unknown;
    try {
      events = JSON.parse(message);
    } catch {
      return this.logger.warn('A live notice that is not JSON was ignored');
    }
    if (!Array.isArray(events)) return;
    for (const item of events) {
      if (Array.isArray(item) && typeof item[0] === 'string' && typeof item[1] === 'string')
        this.emitHere(item[0], item[1], item[2]);
    }
  }

  /** Most rooms have no socket here: those cost a lookup, not an encoded packet. */
  private emitHere(room: string, event: string, payload: unknown): void {
    if (this.server.sockets.adapter.rooms.has(room)) this.server.local.to(room).emit(event, payload);
  }
}
