import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from 'shared/api/api-client';
import { queryKeys } from 'shared/query/query-keys';
import type { MessageResponse } from 'contract/errors';
import type { CreateWebhookRequest, CreateWebhookResponse, WebhookDeliveryResponse, WebhooksResponse } from 'contract/webhooks';

// The API tab's calls to /api/account/webhooks: endpoints with their delivery log, adding one (its secret is
// answered once), deleting, a test event and a redelivery.

export function useWebhooks() {
  return useQuery({ queryKey: queryKeys.webhooks, queryFn: () => api.get('account/webhooks').json<WebhooksResponse>() });
}

export const createWebhook = (request: CreateWebhookRequest) => api.post('account/webhooks', { json: request }).json<CreateWebhookResponse>();
export const deleteWebhook = (id: string) => api.delete(`account/webhooks/${encodeURIComponent(id)}`).json<MessageResponse>();
export const sendTestEvent = (id: string) => api.post(`account/webhooks/${encodeURIComponent(id)}/test`).json<WebhookDeliveryResponse>();
export const redeliver = (deliveryId: string) => api.post(`account/webhooks/deliveries/${encodeURIComponent(deliveryId)}/redeliver`).json<WebhookDeliveryResponse>();

/** A change to the webhooks that refreshes the list and the log when it settles. */
export function useWebhookMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks }) });
}
