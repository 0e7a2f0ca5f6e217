import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import type { components } from '../schema';
import { keys } from './keys';

/** The list row, plus the attribution fields the table shows when the API gives them. */
export type ContactRow = components['schemas']['CabinetContactListItemDto'] & {
  source_value?: string | null;
  campaign_name?: string | null;
  first_seen_at?: string | null;
};
export type ContactCard = components['schemas']['CabinetContactDetailDto'];

export const CONTACTS_PAGE = 50;

export function useContacts(botId: string, q: string, offset: number) {
  return useQuery({
    queryKey: keys.contacts(botId, q, offset),
    queryFn: async () => {
      const page = await unwrap(
        api.GET('/api/bots/{id}/contacts', { params: { path: { id: botId }, query: { limit: CONTACTS_PAGE, offset, ...(q ? { q } : {}) } } }),
      );
      return { ...page, data: page.data as ContactRow[] };
    },
    placeholderData: keepPreviousData,
  });
}

export function useContact(botId: string, userId: string) {
  return useQuery({
    queryKey: keys.contact(botId, userId),
    queryFn: () => unwrap(api.GET('/api/bots/{id}/contacts/{userId}', { params: { path: { id: botId, userId } } })),
  });
}
