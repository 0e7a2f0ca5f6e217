import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import type { components } from '../schema';
import { keys } from './keys';

export type Stats = components['schemas']['StatsDto'];
export type TimelineDay = components['schemas']['TimelineDayDto'];
export type SourceRow = components['schemas']['SourceRowDto'];

export function useStats(botId: string) {
  return useQuery({
    queryKey: keys.stats(botId),
    queryFn: () => unwrap(api.GET('/api/bots/{id}/stats', { params: { path: { id: botId } } })),
  });
}

export function useTimeline(botId: string, days: number) {
  return useQuery({
    queryKey: keys.timeline(botId, days),
    queryFn: () =>
      unwrap(api.GET('/api/bots/{id}/stats/timeline', { params: { path: { id: botId }, query: { days } } })),
    placeholderData: keepPreviousData,
  });
}

export function useSources(botId: string) {
  return useQuery({
    queryKey: keys.sources(botId),
    queryFn: () => unwrap(api.GET('/api/bots/{id}/sources', { params: { path: { id: botId } } })),
  });
}
