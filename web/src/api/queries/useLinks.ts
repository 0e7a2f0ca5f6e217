import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import type { components } from '../schema';
import { keys } from './keys';

export type TrackedLink = components['schemas']['LinkDto'];
export type LinkInput = components['schemas']['CreateLinkDto'];
export type LinkPage = components['schemas']['LinkPageDto'];
export type LinkClickDay = components['schemas']['LinkClickDayDto'];

export const LINKS_PAGE = 50;

/** The bot's links, newest first, with their clicks. */
export function useLinks(botId: string, offset: number) {
  return useQuery({
    queryKey: keys.linksPage(botId, offset),
    queryFn: () =>
      unwrap(
        api.GET('/api/bots/{id}/links', { params: { path: { id: botId }, query: { limit: LINKS_PAGE, offset } } }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** A link's clicks per UTC day, `from` to `to` (both `YYYY-MM-DD`, included). */
export function useLinkClicks(botId: string, linkId: string | null, from: string, to: string) {
  return useQuery({
    queryKey: keys.linkClicks(botId, linkId ?? '', from, to),
    queryFn: () =>
      unwrap(
        api.GET('/api/bots/{id}/links/{linkId}/clicks', {
          params: { path: { id: botId, linkId: linkId! }, query: { from, to } },
        }),
      ),
    enabled: linkId !== null,
    placeholderData: keepPreviousData,
  });
}

export function useCreateLink(botId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LinkInput) =>
      unwrap(api.POST('/api/bots/{id}/links', { params: { path: { id: botId } }, body })),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.linkPages(botId) }),
  });
}

/**
 * Deletes a link. It leaves the cached pages at once and its timelines are forgotten, so nothing on screen
 * asks for the link again (it would be a 404) while the list is read anew.
 */
export function useDeleteLink(botId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) =>
      unwrap(api.DELETE('/api/bots/{id}/links/{linkId}', { params: { path: { id: botId, linkId } } })),
    onSuccess: (_, linkId) => {
      client.setQueriesData<LinkPage>({ queryKey: keys.linkPages(botId) }, (page) =>
        page ? { ...page, data: page.data.filter((link) => link.id !== linkId), total: page.total - 1 } : page,
      );
      client.removeQueries({ queryKey: keys.link(botId, linkId) });
      return client.invalidateQueries({ queryKey: keys.linkPages(botId) });
    },
  });
}
