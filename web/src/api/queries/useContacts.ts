import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import type { components } from '../schema';
import { keys } from './keys';

export type ContactRow = components['schemas']['CabinetContactListItemDto'];
export type ContactCard = components['schemas']['CabinetContactDetailDto'];

export const CONTACTS_PAGE = 50;

export function useContacts(botId: string, q: string, offset: number) {
  return useQuery({
    queryKey: keys.contacts(botId, q, offset),
    queryFn: () =>
      unwrap(
        api.GET('/api/bots/{id}/contacts', {
          params: { path: { id: botId }, query: { limit: CONTACTS_PAGE, offset, ...(q ? { q } : {}) } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useContact(botId: string, userId: string) {
  return useQuery({
    queryKey: keys.contact(botId, userId),
    queryFn: () => unwrap(api.GET('/api/bots/{id}/contacts/{userId}', { params: { path: { id: botId, userId } } })),
  });
}

/** Erases the contact and everything of it; every report of the bot changes, so all of the bot's queries refetch. */
export function useEraseContact(botId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      unwrap(api.DELETE('/api/bots/{id}/contacts/{userId}', { params: { path: { id: botId, userId } } })),
    onSuccess: (_, userId) => {
      client.removeQueries({ queryKey: keys.contact(botId, userId) });
      return client.invalidateQueries({ queryKey: keys.bot(botId) });
    },
  });
}
