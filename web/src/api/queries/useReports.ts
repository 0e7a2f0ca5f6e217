import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getJson } from '../client';
import type { components } from '../schema';
import { keys } from './keys';

export type Stats = components['schemas']['StatsDto'];
export type TimelineDay = components['schemas']['TimelineDayDto'];
export type SourceRow = components['schemas']['SourceRowDto'];

export function useStats(botId: string) {
  return useQuery({ queryKey: keys.stats(botId), queryFn: () => getJson<Stats>(`/api/bots/${botId}/stats`) });
}

export function useTimeline(botId: string, days: number) {
  return useQuery({
    queryKey: keys.timeline(botId, days),
    queryFn: () => getJson<{ data: TimelineDay[] }>(`/api/bots/${botId}/stats/timeline`, { days }),
    placeholderData: keepPreviousData,
  });
}

export function useSources(botId: string) {
  return useQuery({ queryKey: keys.sources(botId), queryFn: () => getJson<{ data: SourceRow[] }>(`/api/bots/${botId}/sources`) });
}
