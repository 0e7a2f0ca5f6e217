import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import type { components } from '../schema';
import { keys } from './keys';

export type Bot = components['schemas']['BotDto'];
type BotList = components['schemas']['BotListDto'];
export type CreateBot = components['schemas']['CreateBotDto'];
export type UpdateBot = components['schemas']['UpdateBotDto'];

// Read again every 30 s while on screen: the list's mark and the bot's banner show an alert opening or resolving.
const ALERTS_REFRESH_MS = 30_000;

export function useBots() {
  return useQuery({
    queryKey: keys.bots,
    queryFn: () => unwrap(api.GET('/api/bots')),
    refetchInterval: ALERTS_REFRESH_MS,
  });
}

export function useBot(id: string) {
  return useQuery({
    queryKey: keys.bot(id),
    queryFn: () => unwrap(api.GET('/api/bots/{id}', { params: { path: { id } } })),
    refetchInterval: ALERTS_REFRESH_MS,
  });
}

export function useCreateBot() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBot) => unwrap(api.POST('/api/bots', { body })),
    onSuccess: (bot) => {
      client.setQueryData(keys.bot(bot.id), bot);
      return client.invalidateQueries({ queryKey: keys.bots, exact: true });
    },
  });
}

export function useUpdateBot(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateBot) => unwrap(api.PATCH('/api/bots/{id}', { params: { path: { id } }, body })),
    onSuccess: (bot) => {
      client.setQueryData(keys.bot(id), bot);
      return client.invalidateQueries({ queryKey: keys.bots, exact: true });
    },
  });
}

export function useDeleteBot(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/bots/{id}', { params: { path: { id } } })),
    onSuccess: () => {
      client.removeQueries({ queryKey: keys.bot(id) });
      // The list drops it at once, not after a refetch shows the deleted bot for a moment.
      client.setQueryData<BotList>(
        keys.bots,
        (list) => list && { ...list, data: list.data.filter((bot) => bot.id !== id) },
      );
      return client.invalidateQueries({ queryKey: keys.bots, exact: true });
    },
  });
}
