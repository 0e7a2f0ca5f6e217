import type { DialogClick, DialogMessage, DialogPress } from '../../api/queries/useDialogs';

/** The page size of the conversation's reads (messages, presses and clicks alike). */
export const CONVERSATION_PAGE = 200;

/** What the conversation shows between the messages: a button pressed, a tracked link opened. */
export type DialogMarker = DialogPress | DialogClick;

const timeOf = (item: DialogMessage | DialogMarker) => ('clicked_at' in item ? item.clicked_at : item.created_at);

/**
 * Messages and markers in time order. When the page of messages is full, markers older than its oldest
 * message are left out: they belong to history the conversation does not show.
 */
export function timeline(messages: DialogMessage[], markers: DialogMarker[]): Array<DialogMessage | DialogMarker> {
  const from = messages.length >= CONVERSATION_PAGE ? messages[0].created_at : null;
  const shown = from === null ? markers : markers.filter((marker) => timeOf(marker) >= from);
  // ISO times of one format compare as strings; a marker and a message of the same moment: the message first.
  return [...messages, ...shown].sort((a, b) =>
    timeOf(a) === timeOf(b)
      ? Number(!('direction' in a)) - Number(!('direction' in b))
      : timeOf(a) < timeOf(b)
        ? -1
        : 1,
  );
}
