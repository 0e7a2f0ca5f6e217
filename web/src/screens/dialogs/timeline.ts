import type { DialogClick, DialogMessage, DialogPress } from '../../api/queries/useDialogs';
import type { Payment } from '../../api/queries/useRevenue';

/** The page size of the conversation's reads (messages, presses and clicks alike). */
export const CONVERSATION_PAGE = 200;

/** What the conversation shows between the messages: a button pressed, a tracked link opened, a payment. */
export type DialogMarker = DialogPress | DialogClick | Payment;

const timeOf = (item: DialogMessage | DialogMarker) =>
  'clicked_at' in item ? item.clicked_at : 'paid_at' in item ? item.paid_at : item.created_at;

/**
 * Messages and markers in time order. When the page of messages is full, markers older than its oldest
 * message are left out: they belong to history the conversation does not show.
 */
export function timeline(messages: DialogMessage[], markers: DialogMarker[]): Array<DialogMessage | DialogMarker> {
  const from = messages.length >= CONVERSATION_PAGE ? messages[0].created_at : null;
  const shown = from === null ? markers : markers.filter((marker) => timeOf(marker) >= from);
  // Telegram's payment and refund messages have no text: their payment's marker says what they were instead.
  const paymentTimes = new Set(
    markers.flatMap((marker) =>
      'paid_at' in marker ? [marker.paid_at, marker.refunded_at].filter((at) => at !== null).map(Date.parse) : [],
    ),
  );
  const said = messages.filter(
    (message) =>
      !(message.direction === 'in' && message.text === '' && paymentTimes.has(Date.parse(message.created_at))),
  );
  // ISO times of one format compare as strings; a marker and a message of the same moment: the message first.
  return [...said, ...shown].sort((a, b) =>
    timeOf(a) === timeOf(b)
      ? Number(!('direction' in a)) - Number(!('direction' in b))
      : timeOf(a) < timeOf(b)
        ? -1
        : 1,
  );
}
