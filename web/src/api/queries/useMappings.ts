import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import type { components } from '../schema';
import { keys } from './keys';

export type SourceMapping = components['schemas']['SourceMappingDto'];

export function useSourceMappings(botId: string) {
  return useQuery({
    queryKey: keys.mappings(botId),
    queryFn: () => unwrap(api.GET('/api/bots/{id}/sources/mappings', { params: { path: { id: botId } } })),
  });
}

export function useSaveMappings(botId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (data: SourceMapping[]) =>
      unwrap(api.PUT('/api/bots/{id}/sources/mappings', { params: { path: { id: botId } }, body: data })),
    onSuccess: (saved) => {
      client.setQueryData(keys.mappings(botId), saved);
      // Mappings apply when reports are read: the sources table regroups at once.
      return client.invalidateQueries({ queryKey: keys.sources(botId) });
    },
  });
}
