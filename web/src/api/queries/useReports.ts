import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import type { components } from '../schema';
import { keys } from './keys';

export type Stats = components['schemas']['StatsDto'];
export type TimelineDay = components['schemas']['TimelineDayDto'];
export type SourceRow = components['schemas']['SourceRowDto'];
export type Retention = components['schemas']['RetentionDto'];
export type RetentionPeriod = Retention['period'];

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

/** Retention cohorts of weeks or days, for all contacts or those of one (mapped) source. */
export function useRetention(botId: string, period: RetentionPeriod, source: string | null) {
  return useQuery({
    queryKey: keys.retention(botId, period, source),
    queryFn: () =>
      unwrap(
        api.GET('/api/bots/{id}/retention', {
          params: { path: { id: botId }, query: { period, ...(source ? { source } : {}) } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}
