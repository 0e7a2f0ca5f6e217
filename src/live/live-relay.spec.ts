import { EventEmitter } from 'node:events';
import type { Server } from 'socket.io';
import type { InstanceChannel } from '../queue/instance-channel';
import { ALONE_RECHECK_MS, LiveRelay } from './live-relay';

/** A socket.io server with sockets in `rooms` only, recording what it emits locally; `connect()` makes a socket. */
function fakeServer(rooms: string[]) {
  const emitted: Array<[string, string, unknown]> = [];
  const onConnection: Array<(socket: EventEmitter) => void> = [];
  const server = {
    sockets: { adapter: { rooms: new Map(rooms.map((room) => [room, new Set(['socket'])])) } },
    local: {
      to: (room: string) => ({ emit: (event: string, payload: unknown) => emitted.push([room, event, payload]) }),
    },
    on: (event: string, listener: (socket: EventEmitter) => void) => {
      if (event === 'connection') onConnection.push(listener);
    },
  };
  const connect = () => {
    const socket = new EventEmitter();
    onConnection.forEach((listener) => listener(socket));
    return { disconnect: () => socket.emit('disconnect') };
  };
  return { server: server as unknown as Server, emitted, connect };
}

/** An InstanceChannel whose publishes reach `reached` subscriptions, and whose subscribes wait to be answered. */
function fakeChannel(reached: number | null = 2) {
  const channel = {
    published: [] as string[],
    reached,
    subscriptions: [] as Array<'subscribe' | 'unsubscribe'>,
    answerSubscribe: [] as Array<(made: boolean) => void>,
    receive: (_message: string): void => undefined,
    listen(onMessage: (message: string) => void, subscribeNow = true) {
      expect(subscribeNow).toBe(false);
      channel.receive = onMessage;
    },
    subscribe() {
      channel.subscriptions.push('subscribe');
      return new Promise<boolean>((resolve) => channel.answerSubscribe.push(resolve));
    },
    unsubscribe() {
      channel.subscriptions.push('unsubscribe');
    },
    publishIfConnected(message: string) {
      channel.published.push(message);
      return Promise.resolve(channel.reached);
    },
    close: () => Promise.resolve(),
  };
  return channel;
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
const noAnnounce = () => undefined;

/** A relay whose publishes reach one subscription, counting its announcements of sockets. */
function relayCountingAnnouncements(rooms: string[]) {
  const { server, connect } = fakeServer(rooms);
  const channel = fakeChannel(1);
  let announcements = 0;
  const relay = new LiveRelay(server, channel as unknown as InstanceChannel, () => announcements++);
  return { relay, channel, connect, announced: () => announcements };
}

/** One event in this turn and one in the next, each given its turn to be published. */
async function emitInTwoTurns(relay: LiveRelay): Promise<void> {
  relay.emit('user:a', 'dialog.updated', { n: 1 });
  await nextTurn();
  relay.emit('user:a', 'dialog.updated', { n: 2 });
  await nextTurn();
}

describe('LiveRelay', () => {
  it("emits to this instance's sockets at once, and only to rooms that have some here", () => {
    const { server, emitted } = fakeServer(['user:a']);
    const relay = new LiveRelay(server, fakeChannel() as unknown as InstanceChannel, noAnnounce);
    relay.emit('user:a', 'dialog.updated', { n: 1 });
    relay.emit('user:b', 'dialog.updated', { n: 2 });
    expect(emitted).toEqual([['user:a', 'dialog.updated', { n: 1 }]]);
  });

  it("publishes a turn's events to the other instances as one message, rooms without sockets here included", async () => {
    const { server } = fakeServer(['user:a']);
    const channel = fakeChannel();
    const relay = new LiveRelay(server, channel as unknown as InstanceChannel, noAnnounce);
    relay.emit('user:a', 'dialog.updated', { n: 1 });
    relay.emit('user:b', 'dialog.updated', { n: 2 });
    relay.emit('user:b', 'dialog.pressed', { n: 3 });
    expect(channel.published).toEqual([]);
    await nextTurn();
    expect(channel.published.map((message) => JSON.parse(message) as unknown)).toEqual([
      [
        ['user:a', 'dialog.updated', { n: 1 }],
        ['user:b', 'dialog.updated', { n: 2 }],
        ['user:b', 'dialog.pressed', { n: 3 }],
      ],
    ]);
    relay.emit('user:b', 'dialog.updated', { n: 4 });
    await nextTurn();
    expect(channel.published).toHaveLength(2);
  });

  it("emits another instance's events to the rooms that have sockets here, and ignores what is not a list of events", () => {
    const { server, emitted } = fakeServer(['user:a']);
    const channel = fakeChannel();
    new LiveRelay(server, channel as unknown as InstanceChannel, noAnnounce);
    channel.receive(
      JSON.stringify([
        ['user:a', 'dialog.updated', { n: 1 }],
        ['user:b', 'dialog.updated', { n: 2 }],
        ['user:a', 'dialog.pressed', { n: 3 }],
      ]),
    );
    channel.receive('not json');
    channel.receive(JSON.stringify({ room: 'user:a' }));
    channel.receive(JSON.stringify([[42, 'dialog.updated', {}], 'user:a']));
    expect(emitted).toEqual([
      ['user:a', 'dialog.updated', { n: 1 }],
      ['user:a', 'dialog.pressed', { n: 3 }],
    ]);
  });

  it('keeps its events to itself for a while once a publish reached no other instance, then asks again', async () => {
    const { server, emitted } = fakeServer(['user:a']);
    const channel = fakeChannel(0);
    const relay = new LiveRelay(server, channel as unknown as InstanceChannel, noAnnounce);
    const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
    try {
      relay.emit('user:a', 'dialog.updated', { n: 1 });
      await nextTurn();
      expect(channel.published).toHaveLength(1);
      // Redis's answer: nobody subscribed. This instance's sockets still get everything.
      relay.emit('user:a', 'dialog.updated', { n: 2 });
      await nextTurn();
      expect(channel.published).toHaveLength(1);
      expect(emitted.map(([, , payload]) => payload)).toEqual([{ n: 1 }, { n: 2 }]);
      now.mockReturnValue(1_000_000 + ALONE_RECHECK_MS - 1);
      relay.emit('user:b', 'dialog.updated', { n: 3 });
      await nextTurn();
      expect(channel.published).toHaveLength(1);
      now.mockReturnValue(1_000_000 + ALONE_RECHECK_MS);
      relay.emit('user:b', 'dialog.updated', { n: 4 });
      await nextTurn();
      expect(channel.published.map((message) => JSON.parse(message) as unknown)).toEqual([
        [['user:a', 'dialog.updated', { n: 1 }]],
        [['user:b', 'dialog.updated', { n: 4 }]],
      ]);
    } finally {
      now.mockRestore();
    }
  });

  it('publishes again at once when another instance announces sockets, and on while anyone else listens', async () => {
    const { server } = fakeServer([]);
    const channel = fakeChannel(0);
    const relay = new LiveRelay(server, channel as unknown as InstanceChannel, noAnnounce);
    await emitInTwoTurns(relay);
    expect(channel.published).toHaveLength(1);

    channel.reached = 1;
    relay.othersMayListen();
    relay.emit('user:a', 'dialog.updated', { n: 3 });
    await nextTurn();
    relay.emit('user:a', 'dialog.updated', { n: 4 });
    await nextTurn();
    expect(channel.published.map((message) => (JSON.parse(message) as Array<[string, string, unknown]>)[0][2])).toEqual(
      [{ n: 1 }, { n: 3 }, { n: 4 }],
    );
    // While Redis is away the answer is unknown: nothing is concluded from it.
    channel.reached = null;
    relay.emit('user:a', 'dialog.updated', { n: 5 });
    await nextTurn();
    relay.emit('user:a', 'dialog.updated', { n: 6 });
    await nextTurn();
    expect(channel.published).toHaveLength(5);
  });

  it("subscribes with its first socket and announces it once Redis has it; its own subscription is not another's", async () => {
    const { relay, channel, connect, announced } = relayCountingAnnouncements(['user:a']);
    const first = connect();
    const second = connect();
    expect(channel.subscriptions).toEqual(['subscribe']);
    expect(announced()).toBe(0);
    channel.answerSubscribe[0](true);
    await nextTurn();
    expect(announced()).toBe(1);

    // Redis reached one subscription, this instance's own: nobody else listens.
    await emitInTwoTurns(relay);
    expect(channel.published).toHaveLength(1);

    first.disconnect();
    expect(channel.subscriptions).toEqual(['subscribe']);
    second.disconnect();
    expect(channel.subscriptions).toEqual(['subscribe', 'unsubscribe']);
  });

  it('ignores the answer to a subscribe that the last socket leaving undid', async () => {
    const { relay, channel, connect, announced } = relayCountingAnnouncements([]);
    connect().disconnect();
    const again = connect();
    expect(channel.subscriptions).toEqual(['subscribe', 'unsubscribe', 'subscribe']);
    channel.answerSubscribe[0](true);
    await nextTurn();
    expect(announced()).toBe(0);
    channel.answerSubscribe[1](true);
    await nextTurn();
    expect(announced()).toBe(1);
    // Subscribed now: a publish that reached 1 subscription reached only this one.
    await emitInTwoTurns(relay);
    expect(channel.published).toHaveLength(1);
    again.disconnect();
  });
});
