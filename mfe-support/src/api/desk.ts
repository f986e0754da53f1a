import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeskTicket, DeskTicketSummary, RefundResponse, TicketMessage } from 'contract/support';
import type { TicketCategory, TicketStatus } from 'contract/support-rules';
import { api } from 'shared/api/api-client';
import { queryKeys } from 'shared/query/query-keys';

/** '' stands for "any" in the desk's filters. */
export interface DeskFilter {
  status: TicketStatus | '';
  category: TicketCategory | '';
}

export function fetchDeskTickets({ status, category }: DeskFilter): Promise<DeskTicketSummary[]> {
  const searchParams = new URLSearchParams();
  if (status) searchParams.set('status', status);
  if (category) searchParams.set('category', category);
  return api.get('support/desk/tickets', { searchParams }).json<DeskTicketSummary[]>();
}

/** Every ticket matching the filter, oldest first; refetched when any ticket changes. */
export function useDeskTickets(filter: DeskFilter) {
  return useQuery({ queryKey: queryKeys.deskTickets(filter.status, filter.category), queryFn: () => fetchDeskTickets(filter) });
}

export function useDeskTicket(ticketId: string) {
  return useQuery({
    queryKey: queryKeys.deskTicket(ticketId),
    queryFn: () => api.get(`support/desk/ticket/${encodeURIComponent(ticketId)}`).json<DeskTicket>(),
  });
}

function useTicketsRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.ticketsRoot });
}

export function useDeskReply(ticketId: string) {
  const refresh = useTicketsRefresh();
  return useMutation({
    mutationFn: (text: string) => api.post('support/desk/message', { json: { ticketId, text } }).json<TicketMessage>(),
    onSuccess: refresh,
  });
}

export function useDeskStatus(ticketId: string) {
  const refresh = useTicketsRefresh();
  return useMutation({
    mutationFn: (status: TicketStatus) => api.put(`support/desk/ticket/${encodeURIComponent(ticketId)}`, { json: { status } }).json<DeskTicket>(),
    onSuccess: refresh,
  });
}

export function useApproveRefund(ticketId: string) {
  const refresh = useTicketsRefresh();
  return useMutation({
    mutationFn: () => api.post(`support/desk/ticket/${encodeURIComponent(ticketId)}/refund`).json<RefundResponse>(),
    onSuccess: refresh,
  });
}
