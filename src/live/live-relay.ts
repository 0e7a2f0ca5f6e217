import { Logger } from '@nestjs/common';
import type { Server } from 'socket.io';
import { InstanceChannel } from '../queue/instance-channel';

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
 */
export class LiveRelay {
  private readonly logger = new Logger('LiveRelay');
  private due: RoomEvent[] = [];

  constructor(
    private readonly server: Server,
    private readonly channel: InstanceChannel,
  ) {
    channel.listen((message) => this.receive(message));
  }

  emit(room: string, event: string, payload: unknown): void {
    this.emitHere(room, event, payload);
    if (!this.due.length) setImmediate(this.publishDue);
    this.due.push([room, event, payload]);
  }

  close(): Promise<void> {
    return this.channel.close();
  }

  private readonly publishDue = (): void => {
    const due = this.due;
    this.due = [];
    this.channel.publishIfConnected(JSON.stringify(due));
  };

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
