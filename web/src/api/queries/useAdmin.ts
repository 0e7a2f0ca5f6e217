import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import type { components } from '../schema';
import { keys } from './keys';

export type AdminUser = components['schemas']['AdminUserDto'];
export type UpdateUser = components['schemas']['UpdateUserDto'];
export type AdminTicket = components['schemas']['AdminTicketDto'];
export type TicketStatus = AdminTicket['status'];
export type AuditEntry = components['schemas']['AuditEntryDto'];

/** Admin lists are pages of this size (the API allows 1–100). */
export const ADMIN_PAGE = 50;

export function useAdminUsers(email: string, offset: number) {
  return useQuery({
    queryKey: keys.adminUsers(email, offset),
    queryFn: () =>
      unwrap(
        api.GET('/api/admin/users', { params: { query: { limit: ADMIN_PAGE, offset, ...(email ? { email } : {}) } } }),
      ),
    placeholderData: keepPreviousData,
  });
}

function useAdminMutation<T, A>(call: (arg: A) => Promise<T>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: keys.admin }) });
}

export function useUpdateUser(userId: string) {
  return useAdminMutation((body: UpdateUser) =>
    unwrap(api.PATCH('/api/admin/users/{id}', { params: { path: { id: userId } }, body })),
  );
}

export function useDeleteUser(userId: string) {
  return useAdminMutation(() => unwrap(api.DELETE('/api/admin/users/{id}', { params: { path: { id: userId } } })));
}

/** A one-hour session as the user (`{ token, expires_at, user }`); the caller swaps sessions. */
export function useImpersonate(userId: string) {
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/admin/users/{id}/impersonate', { params: { path: { id: userId } } })),
  });
}

export function useUserApiKeys(userId: string) {
  return useQuery({
    queryKey: keys.adminUserKeys(userId),
    queryFn: () => unwrap(api.GET('/api/admin/users/{id}/api-keys', { params: { path: { id: userId } } })),
  });
}

export function useAdminRevokeKey() {
  return useAdminMutation((keyId: string) =>
    unwrap(api.DELETE('/api/admin/api-keys/{id}', { params: { path: { id: keyId } } })),
  );
}

/** `all` lists every request; otherwise the API's `status` filter. */
export function useAdminTickets(status: TicketStatus | 'all', offset: number) {
  return useQuery({
    queryKey: keys.adminTickets(status, offset),
    queryFn: () =>
      unwrap(
        api.GET('/api/admin/support', {
          params: { query: { limit: ADMIN_PAGE, offset, ...(status === 'all' ? {} : { status }) } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useReplyTicket(ticketId: string) {
  return useAdminMutation((text: string) =>
    unwrap(api.POST('/api/admin/support/{id}/reply', { params: { path: { id: ticketId } }, body: { text } })),
  );
}

export function useAudit(offset: number) {
  return useQuery({
    queryKey: keys.audit(offset),
    queryFn: () => unwrap(api.GET('/api/admin/audit', { params: { query: { limit: ADMIN_PAGE, offset } } })),
    placeholderData: keepPreviousData,
  });
}
