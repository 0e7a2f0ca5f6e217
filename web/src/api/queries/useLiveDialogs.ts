import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { components } from '../schema';
import { sessionToken } from '../session';
import { keys } from './keys';

type DialogList = components['schemas']['DialogListDto'];

/** What the gateway pushes for every new message of the account's bots (docs/api.md: Live dialogs). */
export interface DialogUpdate {
  bot_id: string;
  external_user_id: string;
  last_text: string;
  last_direction: 'in' | 'out';
  last_at: string;
}

/**
 * Keeps the dialogs list and the open conversation current over socket.io (`/api/ws`, the session
 * token in `auth.token`): an update moves its dialog to the top at once, and a dialog not in the
 * list yet, or an open conversation, is read again. Nothing is pushed while the socket is down, so
 * on reconnecting the list and the open conversation are read again. socket.io-client loads with
 * this screen only.
 */
export function useLiveDialogs(botId: string): boolean {
  const client = useQueryClient();
  const [online, setOnline] = useState(false);

  useEffect(() => {
    let closed = false;
    let disconnect = () => {};
    void import('socket.io-client').then(({ io }) => {
      if (closed) return;
      const socket = io(window.location.origin, {
        path: '/api/ws',
        transports: ['websocket'],
        auth: (cb) => cb({ token: sessionToken() }),
      });
      let connectedBefore = false;
      socket.on('connect', () => {
        setOnline(true);
        // Under the list's key: the open conversation and its presses are read again too.
        if (connectedBefore) void client.invalidateQueries({ queryKey: keys.dialogs(botId) });
        connectedBefore = true;
      });
      socket.on('disconnect', () => setOnline(false));
      socket.on('dialog.updated', (update: DialogUpdate) => {
        if (update.bot_id !== botId) return;
        const known = client
          .getQueryData<DialogList>(keys.dialogs(botId))
          ?.data.some((d) => d.external_user_id === update.external_user_id);
        client.setQueryData<DialogList>(keys.dialogs(botId), (list) => (list ? moveToTop(list, update) : list));
        if (!known) void client.invalidateQueries({ queryKey: keys.dialogs(botId), exact: true });
        void client.invalidateQueries({ queryKey: keys.messages(botId, update.external_user_id) });
      });
      socket.on('dialog.pressed', (press: { bot_id: string; external_user_id: string }) => {
        if (press.bot_id !== botId) return;
        void client.invalidateQueries({ queryKey: keys.presses(botId, press.external_user_id) });
      });
      disconnect = () => socket.disconnect();
    });
    return () => {
      closed = true;
      disconnect();
    };
  }, [botId, client]);

  return online;
}

export function moveToTop(list: DialogList, update: DialogUpdate): DialogList {
  const current = list.data.find((dialog) => dialog.external_user_id === update.external_user_id);
  if (!current) return list;
  const moved = {
    ...current,
    last_text: update.last_text,
    last_direction: update.last_direction,
    last_at: update.last_at,
    messages_total: current.messages_total + 1,
  };
  return { ...list, data: [moved, ...list.data.filter((dialog) => dialog !== current)] };
}
