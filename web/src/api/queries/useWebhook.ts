import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import type { components } from '../schema';
import { keys } from './keys';

export type WebhookInfo = components['schemas']['WebhookInfoDto'];

/** The platform's own view of the bot's webhook (GET /api/bots/:id/webhook), refreshed while the panel is open. */
export function useWebhookStatus(id: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.webhook(id),
    queryFn: () => unwrap(api.GET('/api/bots/{id}/webhook', { params: { path: { id } } })),
    enabled,
    refetchInterval: 15_000,
    retry: false,
  });
}

export function useConnectWebhook(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/bots/{id}/webhook', { params: { path: { id } } })),
    onSuccess: (info) => {
      client.setQueryData(keys.webhook(id), info);
      return client.invalidateQueries({ queryKey: keys.bot(id) });
    },
  });
}

export function useDisconnectWebhook(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/bots/{id}/webhook', { params: { path: { id } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.webhook(id) }),
  });
}
