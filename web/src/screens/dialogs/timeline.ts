import type { DialogMessage, DialogPress } from '../../api/queries/useDialogs';

/** The page size of the conversation's reads (messages and presses alike). */
export const CONVERSATION_PAGE = 200;

/**
 * Messages and presses in time order. When the page of messages is full, presses older than its oldest
 * message are left out: they belong to history the conversation does not show.
 */
export function timeline(messages: DialogMessage[], presses: DialogPress[]): Array<DialogMessage | DialogPress> {
  const from = messages.length >= CONVERSATION_PAGE ? messages[0].created_at : null;
  const shown = from === null ? presses : presses.filter((press) => press.created_at >= from);
  // ISO times of one format compare as strings; a press and a message of the same moment: the message first.
  return [...messages, ...shown].sort((a, b) =>
    a.created_at === b.created_at ? Number('data' in a) - Number('data' in b) : a.created_at < b.created_at ? -1 : 1,
  );
}
