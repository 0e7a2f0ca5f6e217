import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import type { components } from '../schema';
import { keys } from './keys';

export type ApiKey = components['schemas']['ApiKeyDto'];
export type TeamApiKey = components['schemas']['TeamApiKeyDto'];
export type IssueApiKey = components['schemas']['CreateApiKeyDto'];
export type ApiScope = ApiKey['scopes'][number];

export const API_SCOPES: ApiScope[] = ['read', 'write'];
export const MAX_ACTIVE_KEYS = 20;

export function useApiKeys() {
  return useQuery({ queryKey: keys.apiKeys, queryFn: () => unwrap(api.GET('/api/me/api-keys')) });
}

/** Every key of the account's owner and members (owner and administrators only). */
export function useTeamApiKeys(enabled: boolean) {
  return useQuery({ queryKey: keys.teamApiKeys, queryFn: () => unwrap(api.GET('/api/team/api-keys')), enabled });
}

export function useIssueApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: IssueApiKey) => unwrap(api.POST('/api/me/api-keys', { body })),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: keys.apiKeys }),
        client.invalidateQueries({ queryKey: keys.teamApiKeys }),
      ]),
  });
}

/** Revokes one of your own keys, or (`team`) any key of the account's people. */
export function useRevokeApiKey(team = false) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) =>
      team
        ? unwrap(api.DELETE('/api/team/api-keys/{keyId}', { params: { path: { keyId } } }))
        : unwrap(api.DELETE('/api/me/api-keys/{keyId}', { params: { path: { keyId } } })),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: keys.apiKeys }),
        client.invalidateQueries({ queryKey: keys.teamApiKeys }),
      ]),
  });
}
