import assert from 'node:assert/strict';
import { describe, it, type TestContext } from 'node:test';
import { BALANCE_EVENT, type BalanceEvent } from 'contract/realtime';
import { authMessages } from 'contract/auth-rules';
import { io as connectClient, type Socket } from 'socket.io-client';
import type { App } from '../app.ts';
import { backends, build, injectWithLogin, login, openTestDatabase, register, testEnvironment } from '../test/helpers.ts';

async function listen(app: App): Promise<string> {
  return app.listen({ host: '127.0.0.1', port: 0 });
}

/** A socket.io client as the shell opens it; closed when the test ends. */
function client(t: TestContext, url: string, token: string | undefined): Socket {
  const socket = connectClient(url, {
    path: '/socket.io',
    auth: token === undefined ? {} : { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  t.after(() => {
    socket.disconnect();
  });
  return socket;
}

/** The arguments of the socket's next `event`. */
function next(socket: Socket, event: string): Promise<unknown[]> {
  return new Promise((resolve) => {
    socket.once(event, (...args: unknown[]) => resolve(args));
  });
}

/** Resolves once connected; throws with the server's reason when the handshake is refused. */
async function connected(socket: Socket): Promise<void> {
  if (socket.connected) return;
  const [outcome] = await Promise.race([next(socket, 'connect').then(() => ['ok']), next(socket, 'connect_error')]);
  if (outcome !== 'ok') throw new Error(`connection refused: ${(outcome as Error).message}`);
}

/** The server's reason for refusing the handshake; throws if it was accepted. */
async function refusal(socket: Socket): Promise<string> {
  const [outcome] = await Promise.race([next(socket, 'connect').then(() => ['connected']), next(socket, 'connect_error')]);
  if (outcome === 'connected') throw new Error('the connection was accepted');
  return (outcome as Error).message;
}

for (const backend of backends) {
  describe(`realtime (${backend})`, () => {
    it("delivers notifyBalance to every socket of that user only, as {_id}", async (t) => {
      const app = await build(t, backend);
      const url = await listen(app);
      const alice = await register(app);
      const bob = await register(app);
      const [aliceToken, bobToken] = [await login(app, alice), await login(app, bob)];
      const aliceSocket = client(t, url, aliceToken);
      const bobSocket = client(t, url, bobToken);
      await Promise.all([connected(aliceSocket), connected(bobSocket)]);

      let bobEvents = 0;
      bobSocket.on(BALANCE_EVENT, () => {
        bobEvents += 1;
      });
      const received = next(aliceSocket, BALANCE_EVENT);
      app.notifyBalance(alice.id);
      const [event] = (await received) as [BalanceEvent];
      assert.deepEqual(event, { _id: alice.id });

      // Bob's socket got nothing of Alice's: a round trip to Bob after the emit proves it had its chance.
      const bobReceived = next(bobSocket, BALANCE_EVENT);
      app.notifyBalance(bob.id);
      await bobReceived;
      assert.equal(bobEvents, 1);
    });

    it('refuses a handshake without a token, with a bad token, or with an ended session', async (t) => {
      const app = await build(t, backend);
      const url = await listen(app);
      const user = await register(app);
      const ended = await login(app, user);
      await injectWithLogin(app, ended, { method: 'POST', url: '/api/auth/logout' });
      for (const token of [undefined, '', 'not.a.token', ended]) {
        assert.equal(await refusal(client(t, url, token)), authMessages.sessionEnded, String(token));
      }
    });

    it('disconnects the socket of a session that a newer login ended', async (t) => {
      const app = await build(t, backend);
      const url = await listen(app);
      const user = await register(app);
      const socket = client(t, url, await login(app, user));
      await connected(socket);
      const disconnected = next(socket, 'disconnect');
      await login(app, user);
      const [reason] = await disconnected;
      assert.equal(reason, 'io server disconnect');
    });
  });

  describe(`realtime across instances over Redis (${backend})`, () => {
    it('an event raised on instance A reaches a client connected to instance B', async (t) => {
      const database = await openTestDatabase(backend);
      const config = { redisUrl: testEnvironment.redisUrl };
      const a = await build(t, backend, { database, config });
      const b = await build(t, backend, { database, config });
      t.after(() => database.close());
      const user = await register(a);
      const token = await login(a, user);

      const socket = client(t, await listen(b), token);
      await connected(socket);
      const received = next(socket, BALANCE_EVENT);
      a.notifyBalance(user.id);
      const [event] = (await received) as [BalanceEvent];
      assert.deepEqual(event, { _id: user.id });
    });
  });
}
