import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import type { components } from '../schema';
import { keys } from './keys';

export type Tariff = components['schemas']['TariffDto'];
export type TariffCode = Tariff['code'];
export type Invoice = components['schemas']['InvoiceDto'];

export function useTariffs() {
  return useQuery({ queryKey: keys.tariffs, queryFn: () => unwrap(api.GET('/api/tariffs')), staleTime: 10 * 60_000 });
}

/** The account's plan changes (owner only). */
export function useInvoices(enabled: boolean) {
  return useQuery({ queryKey: keys.invoices, queryFn: () => unwrap(api.GET('/api/billing/invoices')), enabled });
}

export function useChangeTariff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (tariff: TariffCode) => unwrap(api.PUT('/api/billing/tariff', { body: { tariff } })),
    // The plan shows in /api/me (tariff, cap), the invoices and the team's size.
    onSuccess: () =>
      Promise.all([keys.me, keys.invoices, keys.team].map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}
