import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import type { components } from '../schema';
import { keys } from './keys';

export type Ticket = components['schemas']['TicketDto'];
export type TicketReply = components['schemas']['TicketReplyDto'];

export const SUBJECT_MAX = 200;
export const TICKET_TEXT_MAX = 5000;

export function useTickets() {
  return useQuery({ queryKey: keys.tickets, queryFn: () => unwrap(api.GET('/api/support')) });
}

export function useWriteTicket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: components['schemas']['CreateTicketDto']) => unwrap(api.POST('/api/support', { body })),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.tickets }),
  });
}
