import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, toFormData, unwrap } from '../client';
import type { components } from '../schema';
import { keys } from './keys';

export type Dialog = components['schemas']['DialogDto'];
export type DialogMessage = components['schemas']['CabinetMessageDto'];
export type DialogPress = components['schemas']['DialogPressDto'];
export type DialogClick = components['schemas']['DialogClickDto'];

export function useDialogs(botId: string) {
  return useQuery({
    queryKey: keys.dialogs(botId),
    queryFn: () =>
      unwrap(api.GET('/api/bots/{id}/dialogs', { params: { path: { id: botId }, query: { limit: 200 } } })),
  });
}

export function useDialogMessages(botId: string, userId: string) {
  return useQuery({
    queryKey: keys.messages(botId, userId),
    queryFn: async () => {
      const page = await unwrap(
        api.GET('/api/bots/{id}/dialogs/{userId}/messages', {
          params: { path: { id: botId, userId }, query: { limit: 200 } },
        }),
      );
      // The API answers newest first; a conversation reads oldest first.
      return [...page.data].reverse();
    },
  });
}

/** The contact's button presses, oldest first: the conversation shows them as markers among the messages. */
export function useDialogPresses(botId: string, userId: string) {
  return useQuery({
    queryKey: keys.presses(botId, userId),
    queryFn: async () => {
      const page = await unwrap(
        api.GET('/api/bots/{id}/dialogs/{userId}/presses', {
          params: { path: { id: botId, userId }, query: { limit: 200 } },
        }),
      );
      return [...page.data].reverse();
    },
  });
}

/** The contact's clicks through its own tracked links, oldest first: markers among the messages, like presses. */
export function useDialogClicks(botId: string, userId: string) {
  return useQuery({
    queryKey: keys.clicks(botId, userId),
    queryFn: async () => {
      const page = await unwrap(
        api.GET('/api/bots/{id}/dialogs/{userId}/clicks', {
          params: { path: { id: botId, userId }, query: { limit: 200 } },
        }),
      );
      return [...page.data].reverse();
    },
  });
}

export type ReplyKind = 'photo' | 'audio' | 'file';

/** A text reply, or a file with its kind and the text as caption (sent as multipart). */
export interface Reply {
  text: string;
  file?: { blob: File; kind: ReplyKind } | null;
}

export function useReply(botId: string, userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ text, file }: Reply) => {
      const params = { path: { id: botId, userId } };
      if (!file) return unwrap(api.POST('/api/bots/{id}/dialogs/{userId}/messages', { params, body: { text } }));
      return unwrap(
        api.POST('/api/bots/{id}/dialogs/{userId}/messages', {
          params,
          body: { text, kind: file.kind },
          bodySerializer: (body) => toFormData({ ...body, file: file.blob }),
        }),
      );
    },
    onSuccess: () => client.invalidateQueries({ queryKey: keys.messages(botId, userId) }),
  });
}
