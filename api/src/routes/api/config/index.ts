// /api/config: public facts the portal shows before and after signing in (test mode of payments).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PortalConfig, type PaymentsMode } from 'contract/portal-config';

const config: FastifyPluginAsyncTypebox = async (app) => {
  const provider = app.paymentProvider;
  const paymentsMode: PaymentsMode = provider === null ? 'off' : provider.name === 'sandbox' ? 'sandbox' : 'live';
  app.get(
    '/',
    {
      config: { public: true },
      schema: { summary: "How payments run: 'sandbox' (test mode, no real money), 'live' or 'off'", response: { 200: PortalConfig } },
    },
    async (): Promise<PortalConfig> => ({ paymentsMode }),
  );
};

export default config;
