import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import type { components } from '../schema';
import { keys } from './keys';

export type Subscription = components['schemas']['WebhookDto'];
export type CreateSubscription = components['schemas']['CreateWebhookDto'];
export type UpdateSubscription = components['schemas']['UpdateWebhookDto'];
export type Delivery = components['schemas']['DeliveryDto'];
export type WebhookEvent = Subscription['events'][number];

export const WEBHOOK_EVENTS: WebhookEvent[] = [
  'message.created',
  'message.outbound',
  'contact.created',
  'test.ping',
  'button.pressed',
  'intent.matched',
  'broadcast.completed',
  'funnel.step_passed',
  'payment.succeeded',
  'payment.refunded',
  'link.clicked',
  'bot.alert.opened',
  'bot.alert.resolved',
];
export const MAX_SUBSCRIPTIONS = 20;

export function useSubscriptions() {
  return useQuery({ queryKey: keys.webhooks, queryFn: () => unwrap(api.GET('/api/me/webhooks')) });
}

/** The newest 50 deliveries; queued ones are logged a moment after they happen, so an open log refreshes itself. */
export function useDeliveries(subscriptionId: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.deliveries(subscriptionId),
    queryFn: () => unwrap(api.GET('/api/me/webhooks/{id}/deliveries', { params: { path: { id: subscriptionId } } })),
    enabled,
    refetchInterval: 10_000,
  });
}

export function useCreateSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSubscription) => unwrap(api.POST('/api/me/webhooks', { body })),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.webhooks, exact: true }),
  });
}

export function useUpdateSubscription(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSubscription) =>
      unwrap(api.PATCH('/api/me/webhooks/{id}', { params: { path: { id } }, body })),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.webhooks, exact: true }),
  });
}

export function useDeleteSubscription(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/me/webhooks/{id}', { params: { path: { id } } })),
    onSuccess: () => {
      client.removeQueries({ queryKey: keys.deliveries(id) });
      return client.invalidateQueries({ queryKey: keys.webhooks, exact: true });
    },
  });
}

/** Sends a test.ping now; the answer is its delivery record, which also tops the log. */
export function useTestPing(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/me/webhooks/{id}/test', { params: { path: { id } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.deliveries(id) }),
  });
}
