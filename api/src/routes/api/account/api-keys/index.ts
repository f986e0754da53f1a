// /api/account/api-keys: the "API" tab of Account settings. Creating a key asks for the password and, with
// 2-step verification on, a code; the key is in that answer only. Revoking takes effect on every instance
// at once (keys are looked up in the database on each call).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { accountMessages } from 'contract/account-rules';
import { API_KEY_LIMIT, API_KEY_NAME_MAX_LENGTH, apiKeyMessages } from 'contract/api-key-rules';
import { ApiKeysResponse, CreateApiKeyRequest, CreateApiKeyResponse, type ApiKeyItem } from 'contract/api-keys';
import { authMessages } from 'contract/auth-rules';
import { MessageResponse } from 'contract/errors';
import Type from 'typebox';
import type { ApiKeyRow } from '../../../../accounts/api-keys.ts';
import { HttpError } from '../../../../http/errors.ts';
import { errors } from '../../../../http/schemas.ts';
import { currentUser } from '../../../../plugins/auth.ts';
import { accountConfirmations } from '../confirmations.ts';

function toItem(row: ApiKeyRow): ApiKeyItem {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedIp: row.lastUsedIp,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const apiKeys: FastifyPluginAsyncTypebox = async (app) => {
  const keys = app.repositories.apiKeys;
  const { confirmPassword, beginCodeAttempt } = accountConfirmations(app);

  app.get(
    '/',
    { schema: { summary: "The account's API keys (never the keys themselves), with their last use", response: { 200: ApiKeysResponse } } },
    async (request): Promise<ApiKeysResponse> => {
      const self = currentUser(request);
      return { keys: (await keys.list(self.id)).map(toItem), limit: API_KEY_LIMIT };
    },
  );

  app.post(
    '/',
    {
      config: { rateLimit: app.authRateLimit },
      schema: {
        summary: `Create an API key (name, scopes read/buy/manage; password, and a code with 2-step on); the key is answered this once; at most ${API_KEY_LIMIT}`,
        body: CreateApiKeyRequest,
        response: { 201: CreateApiKeyResponse, ...errors(400, 409, 429) },
      },
    },
    async (request, reply): Promise<CreateApiKeyResponse> => {
      const self = currentUser(request);
      const name = request.body.name.trim();
      if (name === '') throw new HttpError(400, apiKeyMessages.nameRequired);
      if (name.length > API_KEY_NAME_MAX_LENGTH) throw new HttpError(400, apiKeyMessages.nameTooLong);
      const scopes = [...new Set(request.body.scopes)];
      if (scopes.length === 0) throw new HttpError(400, apiKeyMessages.scopesRequired);
      await confirmPassword(self, request.ip, request.body.password);
      if ((await app.twoFactor.status(self.id)).enabled) {
        const code = (request.body.code ?? '').trim();
        if (code === '') throw new HttpError(400, accountMessages.codeRequired);
        const attempt = await beginCodeAttempt(self);
        const result = await app.twoFactor.verify(self.id, code);
        if (!result.ok && result.reason === 'wrong-code') throw new HttpError(400, accountMessages.codeWrong);
        await attempt.forgive();
      }
      const created = await keys.create(self.id, name, scopes);
      if (!created.ok) {
        if (created.reason === 'no-account') throw new HttpError(401, authMessages.sessionEnded);
        throw new HttpError(409, apiKeyMessages.limitReached);
      }
      void reply.code(201).header('cache-control', 'no-store');
      return { message: apiKeyMessages.created, key: created.key, item: toItem(created.row) };
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        summary: 'Revoke one of your API keys: every instance refuses it from now on',
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
        response: { 200: MessageResponse, ...errors(404) },
      },
    },
    async (request): Promise<MessageResponse> => {
      const self = currentUser(request);
      const { id } = request.params;
      if (!UUID.test(id) || !(await keys.revoke(self.id, id))) throw new HttpError(404, apiKeyMessages.notFound);
      return { message: apiKeyMessages.revoked };
    },
  );
};

export default apiKeys;
