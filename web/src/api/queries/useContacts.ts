import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getJson } from '../client';
import type { components } from '../schema';
import { keys } from './keys';

/** The session API's contact row: the open API's item plus what the cabinet shows. */
export type ContactRow = components['schemas']['ContactListItemDto'] & {
  language_code: string | null;
  blocked: boolean;
  avatar_url: string | null;
  source_value?: string | null;
  campaign_name?: string | null;
  first_seen_at?: string | null;
};

export type ContactCard = components['schemas']['ContactDetailDto'] & {
  contact: components['schemas']['ContactDto'] & { language_code: string | null; blocked: boolean; avatar_url: string | null };
};

export const CONTACTS_PAGE = 50;

export function useContacts(botId: string, q: string, offset: number) {
  return useQuery({
    queryKey: keys.contacts(botId, q, offset),
    queryFn: () =>
      getJson<{ data: ContactRow[]; total: number; limit: number; offset: number }>(`/api/bots/${botId}/contacts`, {
        limit: CONTACTS_PAGE,
        offset,
        ...(q ? { q } : {}),
      }),
    placeholderData: keepPreviousData,
  });
}

export function useContact(botId: string, userId: string) {
  return useQuery({
    queryKey: keys.contact(botId, userId),
    queryFn: () => getJson<ContactCard>(`/api/bots/${botId}/contacts/${encodeURIComponent(userId)}`),
  });
}
