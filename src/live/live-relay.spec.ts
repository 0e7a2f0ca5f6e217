import type { Server } from 'socket.io';
import type { InstanceChannel } from '../queue/instance-channel';
import { LiveRelay } from './live-relay';

/** A socket.io server with sockets in `rooms` only, recording what it emits locally. */
function fakeServer(rooms: string[]) {
  const emitted: Array<[string, string, unknown]> = [];
  const server = {
    sockets: { adapter: { rooms: new Map(rooms.map((room) => [room, new Set(['socket'])])) } },
    local: {
      to: (room: string) => ({ emit: (event: string, payload: unknown) => emitted.push([room, event, payload]) }),
    },
  };
  return { server: server as unknown as Server, emitted };
}

function fakeChannel() {
  const channel = {
    published: [] as string[],
    receive: (_message: string): void => undefined,
    listen(onMessage: (message: string) => void) {
      channel.receive = onMessage;
    },
    publishIfConnected(message: string) {
      channel.published.push(message);
    },
    close: () => Promise.resolve(),
  };
  return channel;
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('LiveRelay', () => {
  it("emits to this instance's sockets at once, and only to rooms that have some here", () => {
    const { server, emitted } = fakeServer(['user:a']);
    const relay = new LiveRelay(server, fakeChannel() as unknown as InstanceChannel);
    relay.emit('user:a', 'dialog.updated', { n: 1 });
    relay.emit('user:b', 'dialog.updated', { n: 2 });
    expect(emitted).toEqual([['user:a', 'dialog.updated', { n: 1 }]]);
  });

  it("publishes a turn's events to the other instances as one message, rooms without sockets here included", async () => {
    const { server } = fakeServer(['user:a']);
    const channel = fakeChannel();
    const relay = new LiveRelay(server, channel as unknown as InstanceChannel);
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
    new LiveRelay(server, channel as unknown as InstanceChannel);
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
});
