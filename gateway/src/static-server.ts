// A SOCKS5 server with one fixed login:pass and no database: the same sessions, limits and destination
// policy as the gateway. Used to stand in for a provider's upstream SOCKS5 in tests and in the benchmark,
// and usable as a plain authenticated SOCKS5 proxy.
import { createServer, type AddressInfo } from 'node:net';
import { loadGatewayConfig, type GatewayConfig } from './config.ts';
import { createDestinationPolicy } from './destination-policy.ts';
import { createSessionContext, serveConnection } from './gateway.ts';
import type { Exit } from './lease-directory.ts';
import { silentLogger, type Logger } from './logger.ts';
import type { LeaseState, PortState, Resolver } from './socks5-session.ts';

export interface StaticServerOptions {
  host?: string;
  /** 0 (default): any free port. */
  port?: number;
  login: string;
  password: string;
  exit?: Exit;
  config?: Partial<GatewayConfig>;
  log?: Logger;
  /** The resolver of destination names (default: the system's). */
  lookup?: Resolver;
}

export interface StaticServer {
  port: number;
  close(): Promise<void>;
}

export async function startStaticSocksServer(options: StaticServerOptions): Promise<StaticServer> {
  const config: GatewayConfig = { ...loadGatewayConfig({}), ...options.config };
  const log = options.log ?? silentLogger;
  const policy = createDestinationPolicy({ allowLoopback: config.allowLoopback });
  const context = createSessionContext(config, log, policy, null, undefined, options.lookup);
  const lease: LeaseState = {
    lease: {
      id: 0,
      port: options.port ?? 0,
      login: options.login,
      password: options.password,
      expiresAt: Number.POSITIVE_INFINITY,
      allowList: null,
      exit: options.exit ?? { kind: 'direct' },
    },
    sessions: new Set(),
    ended: false,
  };
  const port: PortState = { leases: new Set([lease]) };
  const server = createServer({ allowHalfOpen: true, noDelay: true }, (socket) => serveConnection(socket, port, context));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 }, resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const session of lease.sessions) session.terminate();
        server.close(() => resolve());
      }),
  };
}
