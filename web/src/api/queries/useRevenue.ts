import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import type { components } from '../schema';
import { keys } from './keys';

export type Revenue = components['schemas']['RevenueDto'];
export type RevenueTotal = components['schemas']['RevenueTotalDto'];
export type RevenueSource = components['schemas']['RevenueSourceDto'];
export type RevenuePayload = components['schemas']['RevenuePayloadDto'];
export type RevenueDay = components['schemas']['RevenueDayDto'];
export type RevenueCohorts = components['schemas']['RevenueCohortsDto'];
export type Payment = components['schemas']['PaymentDto'];
export type CohortPeriod = RevenueCohorts['period'];

/**
 * Revenue of the UTC days from `from` to today (null: the service's default, the last 30 days), for all
 * contacts or those of one (mapped) source.
 */
export function useRevenue(botId: string, from: string | null, source: string | null = null) {
  return useQuery({
    queryKey: keys.revenue(botId, from, source),
    queryFn: () =>
      unwrap(
        api.GET('/api/bots/{id}/revenue', {
          params: { path: { id: botId }, query: { ...(from ? { from } : {}), ...(source ? { source } : {}) } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** LTV cohorts of weeks or days in one currency (null: the bot's most used one). */
export function useRevenueCohorts(botId: string, period: CohortPeriod, source: string | null, currency: string | null) {
  return useQuery({
    queryKey: keys.revenueCohorts(botId, period, source, currency),
    queryFn: () =>
      unwrap(
        api.GET('/api/bots/{id}/revenue/cohorts', {
          params: {
            path: { id: botId },
            query: { period, ...(source ? { source } : {}), ...(currency ? { currency } : {}) },
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** The bot's latest payments, newest first; one contact's when `userId` is given. */
export function usePayments(botId: string, userId: string | null, limit: number) {
  return useQuery({
    queryKey: keys.payments(botId, userId),
    queryFn: () =>
      unwrap(
        api.GET('/api/bots/{id}/payments', {
          params: { path: { id: botId }, query: { limit, ...(userId ? { user_id: userId } : {}) } },
        }),
      ),
  });
}

/** The contact's payments, oldest first: the conversation shows them as markers among the messages. */
export function useDialogPayments(botId: string, userId: string) {
  return useQuery({
    queryKey: keys.dialogPayments(botId, userId),
    queryFn: async () => {
      const page = await unwrap(
        api.GET('/api/bots/{id}/payments', {
          params: { path: { id: botId }, query: { limit: 200, user_id: userId } },
        }),
      );
      return [...page.data].reverse();
    },
  });
}
