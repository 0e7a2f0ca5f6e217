import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import type { components } from '../schema';
import { keys } from './keys';

export type Team = components['schemas']['TeamDto'];
export type TeamMember = components['schemas']['TeamMemberDto'];
export type TeamInvite = components['schemas']['TeamInviteDto'];
export type MemberRole = components['schemas']['InviteDto']['role'];

export const MEMBER_ROLES: MemberRole[] = ['administrator', 'observer'];

export function useTeam() {
  return useQuery({ queryKey: keys.team, queryFn: () => unwrap(api.GET('/api/team')) });
}

function useTeamMutation<T, A>(call: (arg: A) => Promise<T>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: keys.team }) });
}

export function useInvite() {
  return useTeamMutation((body: components['schemas']['InviteDto']) => unwrap(api.POST('/api/team/invites', { body })));
}

export function useCancelInvite() {
  return useTeamMutation((inviteId: string) =>
    unwrap(api.DELETE('/api/team/invites/{inviteId}', { params: { path: { inviteId } } })),
  );
}

export function useChangeRole(userId: string) {
  return useTeamMutation((role: MemberRole) =>
    unwrap(api.PATCH('/api/team/members/{userId}', { params: { path: { userId } }, body: { role } })),
  );
}

export function useRemoveMember() {
  return useTeamMutation((userId: string) =>
    unwrap(api.DELETE('/api/team/members/{userId}', { params: { path: { userId } } })),
  );
}

/** Leaving or joining changes whose bots everything shows: nothing cached is kept. */
export function useLeaveTeam() {
  const client = useQueryClient();
  return useMutation({ mutationFn: () => unwrap(api.POST('/api/team/leave')), onSuccess: () => client.resetQueries() });
}

export function useAcceptInvite(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/team/invites/{token}/accept', { params: { path: { token } } })),
    onSuccess: () => client.resetQueries(),
  });
}
