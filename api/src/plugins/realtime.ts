// socket.io on the API's own HTTP server (path /socket.io). The handshake carries the same token as HTTP
// calls (`auth: {token}`) and is checked the same way; each socket joins its user's room, so
// `app.notifyBalance(userId)` reaches every tab of that user. With REDIS_URL the Redis adapter relays
// events between instances, so any instance can reach a user connected to any other.
import { createAdapter } from '@socket.io/redis-adapter';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { BALANCE_EVENT, LEASE_EVENT, TICKET_EVENT, type BalanceEvent, type LeaseEvent, type TicketEvent } from 'contract/realtime';
import { authMessages } from 'contract/auth-rules';
import { Server } from 'socket.io';
import type { SessionUser } from '../accounts/sessions.ts';
import type { Config } from '../config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    io: Server;
    /** Tells the user's open pages that their balance changed (they refetch the user details). */
    notifyBalance(userId: string): void;
    /** Tells the user's open pages what happened to one of their leases (renewed, not renewed, ended). */
    notifyLease(userId: string, event: LeaseEvent): void;
    /** Tells the ticket's owner and every member of support that the ticket changed (they refetch it). */
    notifyTicket(ownerId: string, ticketId: string): void;
  }
}

const userRoom = (userId: string) => `user:${userId}`;
const sessionRoom = (sessionId: string) => `session:${sessionId}`;
/** Every connected member of support, on any instance. */
const SUPPORT_ROOM = 'support';

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const io = new Server(app.server, { path: '/socket.io', serveClient: false });
    // socket.io answers its own HTTP requests (long polling, handshakes, errors) outside fastify; this
    // listener runs before its handler and puts the same security headers on them (writeHead keeps them).
    app.server.prependListener('request', (request, response) => {
      if (request.url?.startsWith('/socket.io/')) {
        for (const [name, value] of Object.entries(app.securityHeaders(request))) response.setHeader(name, value);
      }
    });

    let redis: { pub: Redis; sub: Redis } | null = null;
    if (config.redisUrl !== null) {
      const pub = new Redis(config.redisUrl, { maxRetriesPerRequest: 3 });
      const sub = pub.duplicate();
      redis = { pub, sub };
      io.adapter(createAdapter(pub, sub, { key: `${config.redisPrefix}socket.io` }));
      // Commands run in order on one connection: once this answers, the adapter's subscriptions are active,
      // so events published by other instances from now on reach this one.
      await sub.ping();
    }

    io.use((socket, next) => {
      const token: unknown = socket.handshake.auth['token'];
      if (typeof token !== 'string' || token === '') {
        next(new Error(authMessages.sessionEnded));
        return;
      }
      app.sessions.authenticate(token).then(
        (user) => {
          if (!user) {
            next(new Error(authMessages.sessionEnded));
            return;
          }
          socket.data.user = user satisfies SessionUser;
          next();
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'socket authentication failed');
          next(new Error('Internal server error'));
        },
      );
    });

    io.on('connection', (socket) => {
      const user = socket.data.user as SessionUser;
      void socket.join([userRoom(user.id), sessionRoom(user.sessionId)]);
      app.repositories.supportRoles.isMember(user).then(
        (member) => {
          if (member && socket.connected) void socket.join(SUPPORT_ROOM);
        },
        (error: unknown) => app.log.error({ err: error }, 'support membership check failed'),
      );
    });

    // A session ended by logout, a newer login or a password change drops its live connection too.
    app.sessions.onEnded((sessionIds) => {
      io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
    });

    app.decorate('io', io);
    app.decorate('notifyBalance', (userId: string) => {
      const event: BalanceEvent = { _id: userId };
      io.to(userRoom(userId)).emit(BALANCE_EVENT, event);
    });
    app.decorate('notifyLease', (userId: string, event: LeaseEvent) => {
      io.to(userRoom(userId)).emit(LEASE_EVENT, event);
    });
    app.decorate('notifyTicket', (ownerId: string, ticketId: string) => {
      const event: TicketEvent = { ticketId };
      io.to([userRoom(ownerId), SUPPORT_ROOM]).emit(TICKET_EVENT, event);
    });

    // Close sockets before fastify closes the HTTP server (io.close() would close that server itself).
    app.addHook('preClose', async () => {
      io.local.disconnectSockets(true);
      io.engine.close();
      await io.of('/').adapter.close();
    });
    app.addHook('onClose', async () => {
      if (redis) await Promise.all([redis.pub.quit(), redis.sub.quit()]);
    });
  },
  { name: 'realtime', dependencies: ['auth', 'security'] },
);
