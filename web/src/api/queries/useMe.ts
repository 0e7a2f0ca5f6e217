import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import type { components } from '../schema';
import { keys } from './keys';

export type Me = components['schemas']['MeDto'];
export type TeamRole = components['schemas']['TeamPlaceDto']['role'];

export function useMe() {
  return useQuery({ queryKey: keys.me, queryFn: () => unwrap(api.GET('/api/me')), staleTime: 60_000 });
}

/** Owners and administrators change things; observers only look (docs/api.md: Teams and access). */
export function useCanWrite(): boolean {
  const { data } = useMe();
  return data ? data.team.role !== 'observer' : false;
}
