/** Button presses as the platforms deliver them, for the e2e and medium tests of the buttons report. */

let callbackIds = 0;
let updateIds = 70000;

/** A Telegram callback_query of a button under a message in the user's private chat (or a group's). */
export function tgPress(userId: number, data: string, chat: 'private' | 'group' = 'private') {
  return {
    update_id: ++updateIds,
    callback_query: {
      id: `cb${++callbackIds}`,
      from: { id: userId, is_bot: false, first_name: 'Ann', username: 'ann' },
      chat_instance: '42',
      message: {
        message_id: 1,
        date: Math.floor(Date.now() / 1000),
        chat: chat === 'private' ? { id: userId, type: 'private' } : { id: -100, type: 'group', title: 'G' },
        text: 'Choose',
      },
      data,
    },
  };
}

/** A MAX message_callback at `at` (ms) of a button under a message of the user's dialog (or a group chat). */
export function maxPress(
  userId: number,
  payload: string,
  at: number,
  chatType: 'dialog' | 'chat' = 'dialog',
  callbackId = `mcb${++callbackIds}`,
) {
  return {
    update_type: 'message_callback',
    timestamp: at,
    callback: {
      timestamp: at,
      callback_id: callbackId,
      payload,
      user: { user_id: userId, first_name: 'Max', is_bot: false },
    },
    message: {
      sender: { user_id: 1, first_name: 'Bot', is_bot: true },
      recipient: { chat_id: 500 + userId, chat_type: chatType },
      timestamp: at - 1000,
      body: { mid: `mid.${callbackId}`, seq: 1, text: 'Choose' },
    },
    user_locale: 'ru',
  };
}

/** The next update id of the same sequence, for other updates of a test that delivers presses. */
export const nextUpdateId = () => ++updateIds;
