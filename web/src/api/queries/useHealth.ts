import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import type { components } from '../schema';
import { keys } from './keys';

export type HealthReport = components['schemas']['HealthDto'];
export type HealthDay = components['schemas']['HealthDayDto'];
export type PlatformError = components['schemas']['PlatformErrorDto'];
export type BotAlert = components['schemas']['AlertDto'];
export type AlertKind = BotAlert['kind'];

/** The bot's health over UTC days `from` to `to` (both included). */
export function useHealth(botId: string, from: string, to: string) {
  return useQuery({
    queryKey: keys.health(botId, from, to),
    queryFn: () => unwrap(api.GET('/api/bots/{id}/health', { params: { path: { id: botId }, query: { from, to } } })),
    placeholderData: keepPreviousData,
  });
}

/**
 * The bot's alerts, newest first: all of them, or only the open ones (the banner's). Read again every 30 s while
 * on screen, as the bot object is, so an alert shows and goes without a reload.
 */
export function useAlerts(botId: string, state?: 'open', options: { enabled?: boolean; openIds?: string[] } = {}) {
  return useQuery({
    // The banner names the open alerts it knows of from the bot object: a new one is read at once.
    queryKey: [...keys.alerts(botId, state ?? 'all'), ...(options.openIds ?? [])],
    enabled: options.enabled ?? true,
    queryFn: () =>
      unwrap(api.GET('/api/bots/{id}/alerts', { params: { path: { id: botId }, query: state ? { state } : {} } })),
    refetchInterval: 30_000,
  });
}

/** Dialogs waiting for an answer past the reply window, the longest wait first. */
export function useWaitingDialogs(botId: string) {
  return useQuery({
    queryKey: keys.waitingDialogs(botId),
    queryFn: () =>
      unwrap(
        api.GET('/api/bots/{id}/dialogs', {
          params: { path: { id: botId }, query: { unanswered: 'true', limit: 50 } },
        }),
      ),
    refetchInterval: 30_000,
  });
}
