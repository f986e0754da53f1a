// The app factory used by main.ts and by every test (through inject()): external plugins (security
// headers, rate limits, API docs), then the app's own plugins (database, auth, captcha, mail, realtime,
// repositories, payment provider, inventory, marketplace, renewal sweep), then every /api route from routes/api/index.ts, then the
// portal's static files.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { errorHandler } from './http/error-handler.ts';
import auth from './plugins/auth.ts';
import captcha from './plugins/captcha.ts';
import database from './plugins/database.ts';
import docs from './plugins/docs.ts';
import inventory, { type InventoryChecker } from './plugins/inventory.ts';
import jobs from './plugins/jobs.ts';
import mail from './plugins/mail.ts';
import operatorLive from './plugins/operator-live.ts';
import portal from './plugins/portal.ts';
import marketplace from './plugins/marketplace.ts';
import metrics from './plugins/metrics.ts';
import payments from './plugins/payments.ts';
import realtime from './plugins/realtime.ts';
import releases from './plugins/releases.ts';
import renewal from './plugins/renewal.ts';
import repositories from './plugins/repositories.ts';
import security from './plugins/security.ts';
import twoFactor from './plugins/two-factor.ts';
import webhooks from './plugins/webhooks.ts';
import api from './routes/api/index.ts';
import { servedUrl } from './routes/api/support/spec-urls.ts';

export interface AppDependencies {
  /** Use this open database instead of opening the configured one (the caller closes it). */
  database?: Database;
  /** Runs on-demand checks of exits (the host process starts the checker; none: checks answer 503). */
  checker?: InventoryChecker | null;
  /** Where log lines go instead of stdout (tests read them, e.g. to prove no secret is ever logged). */
  logStream?: { write(line: string): void };
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

export type App = FastifyInstance;

export async function buildApp(config: Config, dependencies: AppDependencies = {}): Promise<App> {
  const app = Fastify({
    logger: { level: config.logLevel, ...(dependencies.logStream ? { stream: dependencies.logStream } : {}) },
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimit,
    // PGlite's first start (WASM compile + migrations) can outlast avvio's 10 s default on a loaded machine.
    pluginTimeout: 120_000,
    // Malformed URLs and over-long path parameters are refused before routing; keep the {message} shape
    // without echoing the (possibly huge) path back.
    frameworkErrors: (error, _request, reply) => {
      const status = typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 400;
      const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'Path parameter too long' : 'Invalid URL';
      void (reply as FastifyReply).code(status).send({ message });
    },
    rewriteUrl: (request) => servedUrl(request.url ?? '/'),
    ajv: {
      // Bodies are JSON: a number where a string belongs is an error, not something to convert.
      // (Route params are strings anyway; query numbers must be parsed by the route.)
      customOptions: { coerceTypes: false },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('config', config);
  app.setErrorHandler(errorHandler);

  try {
    await app.register(security, { config });
    await app.register(docs);

    await app.register(database, { config: config.database, database: dependencies.database });
    await app.register(auth, { config });
    await app.register(twoFactor, { config });
    await app.register(captcha, { config });
    await app.register(mail, { config });
    await app.register(jobs, { config });
    await app.register(webhooks, { config });
    await app.register(realtime, { config });
    await app.register(metrics, { config });
    await app.register(repositories);
    await app.register(payments, { config });
    await app.register(inventory, { config, checker: dependencies.checker ?? null });
    await app.register(operatorLive);
    await app.register(marketplace, { config });
    await app.register(renewal, { config });
    await app.register(releases, { config });

    await app.register(api, { config });
    await app.register(portal, { config });
    await app.ready();
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}
