import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import type { CreateTicketRequest, RefundableProxy, SupportLinks, Ticket, TicketMessage, TicketSummary } from 'contract/support';
import { api, errorStatus } from 'shared/api/api-client';
import { authAtom } from 'shared/auth/auth-atoms';
import { queryKeys } from 'shared/query/query-keys';

/** GET /api/support/ticket/{userId}: the caller's tickets, newest first. A 404 means none. */
export async function fetchTickets(userId: string): Promise<TicketSummary[]> {
  try {
    return await api.get(`support/ticket/${encodeURIComponent(userId)}`).json<TicketSummary[]>();
  } catch (error) {
    if (errorStatus(error) === 404) return [];
    throw error;
  }
}

export function useTickets() {
  const { userId } = useAtomValue(authAtom);
  return useQuery({ queryKey: queryKeys.tickets(userId ?? ''), queryFn: () => fetchTickets(userId ?? ''), enabled: Boolean(userId) });
}

export function fetchTicket(ticketId: string): Promise<Ticket> {
  return api.get(`support/ticket/${encodeURIComponent(ticketId)}`).json<Ticket>();
}

/** One ticket with its messages; refetched when the socket says it changed. */
export function useTicket(ticketId: string) {
  return useQuery({ queryKey: queryKeys.ticket(ticketId), queryFn: () => fetchTicket(ticketId) });
}

export function createTicket(body: CreateTicketRequest): Promise<Ticket> {
  return api.post('support/ticket', { json: body }).json<Ticket>();
}

/** Opening a ticket refreshes the list (and what may still be named for a refund). */
export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.ticketsRoot });
      await queryClient.invalidateQueries({ queryKey: queryKeys.refundableProxies });
    },
  });
}

export function addMessage(ticketId: string, text: string): Promise<TicketMessage> {
  return api.post('support/message', { json: { ticketId, text } }).json<TicketMessage>();
}

export function useAddMessage(ticketId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => addMessage(ticketId, text),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.ticket(ticketId) }),
  });
}

export function closeTicket(ticketId: string): Promise<Ticket> {
  return api.put(`support/ticket/${encodeURIComponent(ticketId)}`, { json: { status: 'Closed' } }).json<Ticket>();
}

/** Closing replaces the ticket in the cache and refreshes the list. */
export function useCloseTicket(ticketId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => closeTicket(ticketId),
    onSuccess: async (ticket) => {
      queryClient.setQueryData(queryKeys.ticket(ticketId), ticket);
      await queryClient.invalidateQueries({ queryKey: queryKeys.ticketsRoot });
    },
  });
}

/** Purchases a Refund Proxy ticket may name: bought within the refund window and not named yet. */
export function useRefundableProxies(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.refundableProxies,
    queryFn: () => api.get('support/refundable').json<RefundableProxy[]>(),
    enabled,
  });
}

/** The footer links the operator configured; none are shown while unknown. */
export function useSupportLinks() {
  return useQuery({ queryKey: queryKeys.supportLinks, queryFn: () => api.get('support/links').json<SupportLinks>(), staleTime: Infinity });
}
