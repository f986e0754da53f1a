import { api } from 'shared/api/api-client';
import type { MessageResponse } from 'contract/errors';

/** PUT /api/users/password/change/{userId} with the current and the new password. */
export function changePassword(userId: string, oldPassword: string, newPassword: string): Promise<MessageResponse> {
  return api.put(`users/password/change/${encodeURIComponent(userId)}`, { json: { oldPassword, newPassword } }).json<MessageResponse>();
}
