import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import type { components } from '../schema';
import { keys } from './keys';

export type FunnelStage = components['schemas']['FunnelStageDto'];
export type FunnelResult = components['schemas']['FunnelResultDto'];

/** While new stages are counted over the history (`computing`), the result is read again this often. */
const COMPUTING_POLL_MS = 1500;

export function useFunnelConfig(botId: string) {
  return useQuery({
    queryKey: keys.funnelConfig(botId),
    queryFn: () => unwrap(api.GET('/api/bots/{id}/funnel/config', { params: { path: { id: botId } } })),
  });
}

export function useFunnel(botId: string, source: string | null) {
  return useQuery({
    queryKey: keys.funnel(botId, source),
    queryFn: () =>
      unwrap(api.GET('/api/bots/{id}/funnel', { params: { path: { id: botId }, query: source ? { source } : {} } })),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.computing ? COMPUTING_POLL_MS : false),
  });
}

export function useSaveFunnel(botId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (stages: FunnelStage[]) =>
      unwrap(api.PUT('/api/bots/{id}/funnel/config', { params: { path: { id: botId } }, body: { stages } })),
    onSuccess: (saved) => {
      client.setQueryData(keys.funnelConfig(botId), saved);
      return client.invalidateQueries({ queryKey: ['bots', botId, 'funnel', 'result'] });
    },
  });
}
