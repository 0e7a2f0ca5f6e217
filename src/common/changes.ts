import type { EventEmitter2 } from '@nestjs/event-emitter';

/**
 * Change events: "this data changed, drop what you cached of it". Emitted on the app's one event bus
 * (EventEmitter2) after the change is committed, and heard with `@OnEvent(ChangeEvents.…)`. Each is a
 * plain JSON object with string ids and its own name in `type`, so a relay can carry it to other
 * instances unchanged. (The stored-fact events, which feed webhooks and live dialogs, are in
 * src/ingest/events.ts.)
 */
export const ChangeEvents = {
  /** A bot was bound, edited, deleted, or its forward status or webhook changed (the mirror's registry). */
  botChanged: 'bot.changed',
  /** A bot's intents were added, edited or removed (the matcher's cache, funnel intent stages). */
  intentsChanged: 'intents.changed',
  /** An account moved to another tariff (the recording cap's plan cache). */
  tariffChanged: 'tariff.changed',
  /** A user joined, left or was removed from a team, or their role changed (live sockets, webhook lists). */
  teamMembershipChanged: 'team.membership_changed',
  /** An admin deleted an account (webhook subscription lists of it and of its former team). */
  accountDeleted: 'account.deleted',
  /** An event subscription was created, edited or deleted (the dispatcher's lists, the delivery's signers). */
  webhooksChanged: 'webhooks.changed',
  /** An instance's first live socket connected (the live relays' "no other instance listens"). */
  liveWatching: 'live.watching',
  /** A tracked link was deleted (the redirect's cache of codes). */
  linksChanged: 'links.changed',
} as const;

export interface BotChanged {
  type: typeof ChangeEvents.botChanged;
  botId: string;
}

export interface IntentsChanged {
  type: typeof ChangeEvents.intentsChanged;
  botId: string;
}

export interface TariffChanged {
  type: typeof ChangeEvents.tariffChanged;
  accountId: string;
}

export interface TeamMembershipChanged {
  type: typeof ChangeEvents.teamMembershipChanged;
  userId: string;
  /** The account the user works on from now: the team's, or their own. */
  accountId: string;
  teamRole: 'owner' | 'administrator' | 'observer';
  /** The account the user worked on before. */
  previousAccountId: string;
}

export interface AccountDeleted {
  type: typeof ChangeEvents.accountDeleted;
  accountId: string;
  /** The team account the deleted user was a member of, if any. */
  formerTeamId: string | null;
}

export interface WebhooksChanged {
  type: typeof ChangeEvents.webhooksChanged;
  accountId: string;
  subscriptionId: string;
}

export interface LiveWatching {
  type: typeof ChangeEvents.liveWatching;
}

export interface LinksChanged {
  type: typeof ChangeEvents.linksChanged;
  botId: string;
  /** The deleted link's code, the key the redirect caches it by. */
  code: string;
}

export type Change =
  | BotChanged
  | IntentsChanged
  | TariffChanged
  | TeamMembershipChanged
  | AccountDeleted
  | WebhooksChanged
  | LiveWatching
  | LinksChanged;

/** Every change event's name: the list a cross-instance relay forwards. */
export const CHANGE_EVENT_NAMES: readonly Change['type'][] = Object.values(ChangeEvents);

/** Changes carried here from another instance (ChangeRelay): listeners drop caches but never redo the origin's work. */
const relayed = new WeakSet<Change>();

/** Announces a change that came from another instance on this instance's bus. */
export function announceRelayed(bus: EventEmitter2, change: Change): void {
  relayed.add(change);
  bus.emit(change.type, change);
}

/** True when this change was announced on another instance and only carried here. */
export function isRelayed(change: Change): boolean {
  return relayed.has(change);
}

/** The one way to announce a change: emitted under its own `type`, listeners run before this returns. */
export function announce(bus: EventEmitter2, change: Change): void {
  bus.emit(change.type, change);
}
