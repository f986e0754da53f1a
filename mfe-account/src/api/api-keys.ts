import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from 'shared/api/api-client';
import { queryKeys } from 'shared/query/query-keys';
import type { ApiKeysResponse, CreateApiKeyRequest, CreateApiKeyResponse } from 'contract/api-keys';
import type { MessageResponse } from 'contract/errors';

// The API tab's calls to /api/account/api-keys: the list, creating a key (answered once) and revoking one.

export function fetchApiKeys(): Promise<ApiKeysResponse> {
  return api.get('account/api-keys').json<ApiKeysResponse>();
}

export function useApiKeys() {
  return useQuery({ queryKey: queryKeys.apiKeys, queryFn: fetchApiKeys });
}

export function createApiKey(request: CreateApiKeyRequest): Promise<CreateApiKeyResponse> {
  return api.post('account/api-keys', { json: request }).json<CreateApiKeyResponse>();
}

export function revokeApiKey(id: string): Promise<MessageResponse> {
  return api.delete(`account/api-keys/${encodeURIComponent(id)}`).json<MessageResponse>();
}

/** A change to the keys that refreshes the list when it succeeds. */
export function useApiKeyMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys }) });
}
