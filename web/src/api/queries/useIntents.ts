import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import type { components } from '../schema';
import { keys } from './keys';

export type Intent = components['schemas']['IntentWithRulesDto'];
export type IntentInput = components['schemas']['CreateIntentDto'];
export type IntentChange = components['schemas']['UpdateIntentDto'];

export const INTENT_MESSAGES_PAGE = 50;

export function useIntents(botId: string) {
  return useQuery({
    queryKey: keys.intents(botId),
    queryFn: () => unwrap(api.GET('/api/bots/{id}/intents', { params: { path: { id: botId } } })),
  });
}

export function useIntentMessages(botId: string, intentId: string, offset: number) {
  return useQuery({
    queryKey: keys.intentMessages(botId, intentId, offset),
    queryFn: () =>
      unwrap(
        api.GET('/api/bots/{id}/intents/{intentId}/messages', {
          params: {
            path: { id: botId, intentId },
            query: { limit: String(INTENT_MESSAGES_PAGE), offset: String(offset) },
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** Any change to an intent changes how dialogs are highlighted, so those are read again too. */
function useIntentMutation<T, R>(botId: string, call: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: keys.intents(botId) }),
        client.invalidateQueries({ queryKey: keys.dialogs(botId) }),
      ]),
  });
}

export function useCreateIntent(botId: string) {
  return useIntentMutation(botId, (body: IntentInput) =>
    unwrap(api.POST('/api/bots/{id}/intents', { params: { path: { id: botId } }, body })),
  );
}

export function useUpdateIntent(botId: string, intentId: string) {
  return useIntentMutation(botId, (body: IntentChange) =>
    unwrap(api.PATCH('/api/bots/{id}/intents/{intentId}', { params: { path: { id: botId, intentId } }, body })),
  );
}

export function useDeleteIntent(botId: string, intentId: string) {
  return useIntentMutation(botId, () =>
    unwrap(api.DELETE('/api/bots/{id}/intents/{intentId}', { params: { path: { id: botId, intentId } } })),
  );
}
