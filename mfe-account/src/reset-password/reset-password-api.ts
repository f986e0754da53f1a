import { publicApi } from 'shared/api/api-client';
import type { ResetPasswordRequest } from 'contract/accounts';
import type { MessageResponse } from 'contract/errors';

/**
 * POST /api/users/reset/:token. The mailed token is the proof of the account, so the call carries
 * no session: the link works for a visitor who is signed out.
 */
export function resetPassword(token: string, request: ResetPasswordRequest): Promise<MessageResponse> {
  return publicApi.post(`users/reset/${encodeURIComponent(token)}`, { json: request }).json<MessageResponse>();
}
