import type { CaptureBot } from '../../../src/ingest/capture.service';
import type { TelegramPerson, TelegramTraffic } from './telegram';
import { wholeSeconds } from './telegram';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The people of the reports' conversation: every profile field, and people with and without a source. */
export const ALICE: TelegramPerson = {
  id: 101,
  first_name: 'Alice',
  last_name: 'Liddell',
  username: 'alice',
  is_premium: true,
  language_code: 'en',
};
export const BOB: TelegramPerson = { id: 102, first_name: 'Bob' };
export const CAROL: TelegramPerson = { id: 103, first_name: 'Carol', last_name: 'Danvers', username: 'carol' };
export const DAN: TelegramPerson = { id: 104, first_name: 'Dan' };
export const EVE: TelegramPerson = { id: 105, first_name: 'Eve', username: 'eve' };

export const LONG_TEXT = 'Длинное сообщение '.repeat(20);

/** Midnight UTC today, and a fixed hour of a past day (so its UTC day is certain). */
export const startOfToday = () => new Date(new Date().toISOString().slice(0, 10)).getTime();
export const dayAt = (daysAgo: number, hh: number, mm = 0) =>
  new Date(startOfToday() - daysAgo * DAY_MS + (hh * 60 + mm) * 60_000);

/** When each message of the conversation happened. */
export type ConversationTimes = ReturnType<typeof conversationTimes>;

function conversationTimes() {
  const now = Date.now();
  const recent = (minutesAgo: number) => wholeSeconds(now - minutesAgo * 60_000);
  return {
    eveStart: dayAt(20, 9),
    aliceStart: dayAt(10, 10),
    aliceWelcome: dayAt(10, 10, 1),
    bobStart: dayAt(10, 11),
    aliceStartTg: dayAt(3, 10),
    aliceHello: dayAt(3, 10, 5),
    bobStartAds: dayAt(2, 8),
    bobLong: dayAt(2, 8, 30),
    carolPhone: dayAt(2, 8, 59),
    carolHi: dayAt(2, 9),
    carolPhoto: dayAt(2, 9, 1),
    alicePrice: recent(60),
    aliceAnswer: recent(59),
    danStart: recent(30),
  };
}

/**
 * The reports' scripted conversation, in the order it happened: 5 contacts and 14 messages over 20 days. Eve came
 * from `ads` 20 days ago; Alice from an ad campaign 10 days ago and again through `utm_source=tg` 3 days ago; Bob
 * with a bare /start, then `/start ADS`; Carol shared her phone without a source and got a photo; Dan wrote
 * /start half an hour ago. Alice asked a price an hour ago and got an answer.
 */
export async function reportsConversation(traffic: TelegramTraffic, bot: CaptureBot): Promise<ConversationTimes> {
  const T = conversationTimes();
  const { inbound, sent } = traffic;
  await inbound(bot, EVE, T.eveStart, { text: '/start ads' });
  await inbound(bot, ALICE, T.aliceStart, { text: '/start utm_source=ads|utm_campaign=spring' });
  await sent(bot, 'sendmessage', ALICE, T.aliceWelcome, { text: 'Welcome!' });
  await inbound(bot, BOB, T.bobStart, { text: '/start' });
  await inbound(bot, ALICE, T.aliceStartTg, { text: '/start utm_source=tg' });
  await inbound(bot, ALICE, T.aliceHello, { text: 'hello' });
  await inbound(bot, BOB, T.bobStartAds, { text: '/start ADS' });
  await inbound(bot, BOB, T.bobLong, { text: LONG_TEXT });
  await inbound(bot, CAROL, T.carolPhone, {
    contact: { phone_number: '+79990001122', first_name: 'Carol', user_id: CAROL.id },
  });
  await inbound(bot, CAROL, T.carolHi, { text: 'hi there' });
  await sent(bot, 'sendphoto', CAROL, T.carolPhoto, {
    photo: [{ file_id: 'p1', file_unique_id: 'u1', width: 90, height: 90 }],
  });
  await inbound(bot, ALICE, T.alicePrice, { text: 'price?' });
  await sent(bot, 'sendmessage', ALICE, T.aliceAnswer, { text: '100 ₽' });
  await inbound(bot, DAN, T.danStart, { text: '/start' });
  return T;
}
