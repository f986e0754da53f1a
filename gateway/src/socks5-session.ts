// One client connection: a strict state machine over the socket (greeting, authentication, request), then
// the relay. Every message is bounded (the longest valid one is 513 bytes), the whole handshake has a
// deadline, and anything malformed closes this connection alone, with the RFC's failure reply where one
// exists. Credentials are checked from memory (the lease directory), never from the database; the limits
// that hold per lease across the fleet (limits.ts) are asked once per connection, after the credentials
// (or the allow-list) named the lease, and may answer later when the store is shared and has to be asked
// (shared-limits.ts answers most connections from slots it reserved): the session waits for the answer in
// a stage of its own, reading nothing meanwhile.
import { connect, type Socket } from 'node:net';
import type { GatewayConfig } from './config.ts';
import type { DestinationPolicy } from './destination-policy.ts';
import type { Exit, Lease } from './lease-directory.ts';
import type { Logger } from './logger.ts';
import { Cancellation, connectThroughSocks5, UpstreamError, type UpstreamConnection } from './socks5-client.ts';
import {
  AUTH_REPLY_FAILURE,
  AUTH_REPLY_SUCCESS,
  COMMAND_CONNECT,
  failureReply,
  METHOD_NO_AUTH,
  METHOD_REPLY_NO_AUTH,
  METHOD_REPLY_NONE_ACCEPTABLE,
  METHOD_REPLY_USERNAME_PASSWORD,
  METHOD_USERNAME_PASSWORD,
  parseCredentials,
  parseGreeting,
  parseRequest,
  Reply,
  successReply,
  type ReplyCode,
  type Target,
} from './socks5-protocol.ts';
import type { Admission, GatewayLimits } from './limits.ts';
import type { HandshakeCounter } from './source-limits.ts';

/** The longest message a client may have in flight before it is complete (an RFC 1929 request). */
const MAX_MESSAGE = 513;

/** Addresses of one name tried in turn before giving up. */
const MAX_ADDRESSES_TRIED = 4;

/** An upstream's replies that say it could not reach that address (another address of the name may do). */
const DESTINATION_FAILURES: ReadonlySet<number> = new Set([
  Reply.networkUnreachable,
  Reply.hostUnreachable,
  Reply.connectionRefused,
  Reply.ttlExpired,
  Reply.addressTypeNotSupported,
]);

/** A lease as the gateway serves it: its data (replaced on renewal) and the connections it carries. */
export interface LeaseState {
  lease: Lease;
  sessions: Set<Session>;
  /** Set when the lease ended: a connection still in its handshake must not attach to it. */
  ended: boolean;
}

/** The leases served on one port (normally one; two only if a port was briefly given out twice). */
export interface PortState {
  leases: Set<LeaseState>;
}

/** Every address of a host name (dns.lookup with `all`). */
export type Resolver = (host: string) => Promise<Array<{ address: string; family: number }>>;

export interface SessionContext {
  config: GatewayConfig;
  policy: DestinationPolicy;
  limits: GatewayLimits;
  handshakes: HandshakeCounter;
  lookup: Resolver;
  log: Logger;
  /** Relayed connections, swept for idleness. */
  idle: IdleSweep;
  /** A connection was relayed for the lease (usage: one more connection). */
  onConnected(state: LeaseState): void;
  /** Traffic since the last report, for usage. */
  onTraffic(state: LeaseState, up: number, down: number): void;
  /** What the limits decided, counted since start (tests and metrics read them). */
  counters: GatewayCounters;
}

export interface GatewayCounters {
  /** Connections accepted on lease ports, and of them still open. */
  accepted: number;
  open: number;
  /** Bytes relayed to destinations (up) and back to clients (down), as usage is collected. */
  bytesUp: number;
  bytesDown: number;
  /** CONNECTs refused for their destination (a refused port, a private or otherwise refused address). */
  refusedDestinations: number;
  /** Connections admitted to a lease (after credentials or from an allow-listed address). */
  admitted: number;
  /** Wrong credentials. */
  authFailed: number;
  /** Right credentials refused: the address failed too often. */
  sourceBlocked: number;
  /** Right credentials refused: the lease took its failures from all addresses, and the address is new to it. */
  leaseGuarded: number;
  /** Refused at CONNECT: the lease carries its maximum of connections. */
  full: number;
}

export function newCounters(): GatewayCounters {
  return { accepted: 0, open: 0, bytesUp: 0, bytesDown: 0, refusedDestinations: 0, admitted: 0, authFailed: 0, sourceBlocked: 0, leaseGuarded: 0, full: 0 };
}

class Refusal extends Error {
  readonly reply: ReplyCode;
  constructor(reply: ReplyCode, message: string) {
    super(message);
    this.reply = reply;
  }
}

/**
 * Closes relayed connections idle for idleTimeoutMs. One sweep for all of them instead of a timer on each
 * socket, which Node re-arms on every read and write: a connection is closed between idleTimeoutMs and
 * two sweep intervals more after its last byte. The interval stops at the first sweep with nothing to do.
 */
export class IdleSweep {
  readonly #sessions = new Set<Session>();
  readonly #idleTimeoutMs: number;
  readonly #intervalMs: number;
  #timer: NodeJS.Timeout | null = null;

  constructor(idleTimeoutMs: number) {
    this.#idleTimeoutMs = idleTimeoutMs;
    this.#intervalMs = Math.min(1000, Math.max(100, Math.floor(idleTimeoutMs / 10)));
  }

  add(session: Session): void {
    this.#sessions.add(session);
    if (this.#timer) return;
    this.#timer = setInterval(this.#sweep, this.#intervalMs);
    this.#timer.unref();
  }

  delete(session: Session): void {
    this.#sessions.delete(session);
  }

  #sweep = () => {
    if (this.#sessions.size === 0 && this.#timer) {
      clearInterval(this.#timer);
      this.#timer = null;
      return;
    }
    const now = Date.now();
    for (const session of this.#sessions) session.checkIdle(now, this.#idleTimeoutMs);
  };
}

/**
 * Stages in order: comparisons like `stage <= Stage.Request` mean "still in the handshake". Admitting: the
 * limits are deciding (or a failed authentication is being counted) before the reply is sent.
 */
const Stage = { Greeting: 0, Auth: 1, Admitting: 2, Request: 3, Connecting: 4, Relay: 5, Closed: 6 } as const;
type Stage = (typeof Stage)[keyof typeof Stage];

function errorReply(error: NodeJS.ErrnoException): ReplyCode {
  switch (error.code) {
    case 'ECONNREFUSED':
      return Reply.connectionRefused;
    case 'ENETUNREACH':
      return Reply.networkUnreachable;
    case 'EHOSTUNREACH':
    case 'ETIMEDOUT':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NODATA':
    case 'EAI_NONAME':
      return Reply.hostUnreachable;
    default:
      return Reply.generalFailure;
  }
}

/**
 * Compares every character whatever the first difference, like crypto.timingSafeEqual, without the four
 * buffers that would take per authentication (the strings are latin1, one byte per character).
 */
function sameSecret(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/** Whether a greeting lists a method: a plain loop, where Buffer's includes() goes through native indexOf. */
function offers(methods: Uint8Array, method: number): boolean {
  for (let i = 0; i < methods.length; i++) if (methods[i] === method) return true;
  return false;
}

function noop() {}

/** Where a session's sockets keep it, for listeners shared by all sessions. */
const SESSION = Symbol('session');
type OwnedSocket = Socket & { [SESSION]?: Session };

export class Session {
  readonly #client: Socket;
  readonly #port: PortState;
  readonly #context: SessionContext;
  readonly #source: string;
  #stage: Stage = Stage.Greeting;
  #buffer: Buffer | null = null;
  #inHandshake = false;
  #handshakeTimer: NodeJS.Timeout | null = null;
  #lease: LeaseState | null = null;
  /** The lease whose connection slot this connection holds (limits.release when it ends); null: none. */
  #slot: number | null = null;
  #upstream: Socket | null = null;
  #dialling: Cancellation | null = null;
  #seenBytes = 0;
  /** When the sweep last saw traffic (0: not yet looked at). */
  #seenAt = 0;
  #reportedUp = 0;
  #reportedDown = 0;
  #baseUp = 0;
  #baseDown = 0;

  constructor(client: Socket, port: PortState, context: SessionContext) {
    this.#client = client;
    this.#port = port;
    this.#context = context;
    const remote = client.remoteAddress ?? '';
    this.#source = remote.startsWith('::ffff:') ? remote.slice(7) : remote;
    client.on('error', noop);
    context.counters.accepted += 1;
    context.counters.open += 1;
    // Listeners and timers are static functions shared by all sessions, which find theirs on the socket (or
    // are given it): no closure per connection, which an idle connection would hold all its life.
    (client as OwnedSocket)[SESSION] = this;
    client.on('close', Session.#onClientClose);
    if (!context.handshakes.tryEnter(this.#source)) {
      this.#stage = Stage.Closed;
      client.destroy();
      return;
    }
    this.#inHandshake = true;
    client.on('end', Session.#onClientEnd);
    client.on('data', Session.#onData);
    this.#handshakeTimer = setTimeout(Session.#onHandshakeTimeout, context.config.handshakeTimeoutMs, this);
  }

  /** Ends the connection at once (the lease ended). */
  terminate(): void {
    this.#client.destroy();
    this.#upstream?.destroy();
    this.#dialling?.cancel();
  }

  /** Reports traffic since the last call (usage is written in batches). */
  collect(): void {
    const upstream = this.#upstream;
    if (!upstream || !this.#lease || this.#stage < Stage.Relay) return;
    const up = upstream.bytesWritten - this.#baseUp;
    const down = upstream.bytesRead - this.#baseDown;
    if (up === this.#reportedUp && down === this.#reportedDown) return;
    this.#context.counters.bytesUp += up - this.#reportedUp;
    this.#context.counters.bytesDown += down - this.#reportedDown;
    this.#context.onTraffic(this.#lease, up - this.#reportedUp, down - this.#reportedDown);
    this.#reportedUp = up;
    this.#reportedDown = down;
  }

  static #onHandshakeTimeout(session: Session): void {
    session.#handshakeTimer = null;
    if (session.#stage <= Stage.Request) session.#client.destroy();
  }

  #leaveHandshake(): void {
    if (this.#handshakeTimer) clearTimeout(this.#handshakeTimer);
    this.#handshakeTimer = null;
    if (this.#inHandshake) this.#context.handshakes.leave(this.#source);
    this.#inHandshake = false;
  }

  /**
   * A client that stops sending before its request is complete never will: no half-open handshakes. In the
   * relay its FIN is passed on (while the destination is dialled the client is paused, so none arrives).
   */
  static #onClientEnd(this: Socket): void {
    const session = (this as OwnedSocket)[SESSION]!;
    if (session.#stage === Stage.Relay) passOnEnd(session.#upstream!);
    else if (session.#stage <= Stage.Request) session.#client.destroy();
  }

  static #onClientClose(this: Socket): void {
    const session = (this as OwnedSocket)[SESSION]!;
    session.#context.counters.open -= 1;
    session.#leaveHandshake();
    session.#releaseSlot();
    if (session.#stage === Stage.Relay) {
      // The other side may still hold bytes the client sent before closing: let them drain.
      if (session.#upstream) endThenDestroy(session.#upstream);
    } else {
      session.#dialling?.cancel();
      session.#upstream?.destroy();
      session.#finish();
    }
  }

  #finish(): void {
    if (this.#stage === Stage.Closed) return;
    this.collect();
    this.#stage = Stage.Closed;
    this.#lease?.sessions.delete(this);
    this.#context.idle.delete(this);
  }

  /** Sends a final reply and closes (RFC 1928/1929: the server closes after a failure). */
  #closeWith(reply: Buffer): void {
    this.#stage = Stage.Closed;
    this.#client.removeListener('data', Session.#onData);
    this.#client.end(reply, () => this.#client.destroy());
  }

  #releaseSlot(): void {
    if (this.#slot === null) return;
    this.#context.limits.release(this.#slot);
    this.#slot = null;
  }

  /** The client's bytes: the handshake's messages, then in the relay what goes to the destination. */
  static #onData(this: Socket, chunk: Buffer): void {
    const session = (this as OwnedSocket)[SESSION]!;
    if (session.#stage >= Stage.Relay) {
      // Once the destination has gone (Closed) the client is being ended: what it still sends is dropped.
      if (session.#stage === Stage.Relay && !session.#upstream!.write(chunk)) session.#client.pause();
      return;
    }
    session.#process(session.#buffer === null ? chunk : Buffer.concat([session.#buffer, chunk]));
  }

  static #onUpstreamData(this: Socket, chunk: Buffer): void {
    const session = (this as OwnedSocket)[SESSION]!;
    if (!session.#client.write(chunk)) session.#upstream!.pause();
  }

  static #onClientDrain(this: Socket): void {
    const session = (this as OwnedSocket)[SESSION]!;
    session.#upstream?.resume();
  }

  static #onUpstreamDrain(this: Socket): void {
    const session = (this as OwnedSocket)[SESSION]!;
    session.#client.resume();
  }

  static #onUpstreamEnd(this: Socket): void {
    const session = (this as OwnedSocket)[SESSION]!;
    passOnEnd(session.#client);
  }

  /** Handles the complete messages at the start of `input` and keeps the rest. */
  #process(input: Buffer): void {
    let buffer = input;
    while (buffer.length > 0 && this.#stage <= Stage.Request) {
      const used = this.#step(buffer);
      if (used === 0) break;
      // Usually the whole chunk was one message: no view of the empty rest.
      buffer = used >= buffer.length ? EMPTY : buffer.subarray(used);
    }
    if (this.#stage <= Stage.Request && this.#stage !== Stage.Admitting && buffer.length > MAX_MESSAGE) {
      // Cannot happen with a well-formed message (all are shorter), so the client is not speaking SOCKS5.
      this.#client.destroy();
      return;
    }
    this.#buffer = buffer.length > 0 ? buffer : null;
  }

  /**
   * Asks the limits to admit this connection to the lease; `reply` (method or authentication success) is
   * sent once admitted. A lease at its connection cap still gets the reply and is refused at CONNECT with
   * "not allowed by ruleset", as the RFC has no earlier place to say so.
   */
  #admit(state: LeaseState, withCredentials: boolean, reply: Buffer): void {
    const admission = this.#context.limits.admit(state.lease.id, this.#source, withCredentials);
    if (typeof admission === 'string') {
      this.#admitted(state, admission, reply);
      return;
    }
    this.#wait();
    admission.then(
      (answer) => {
        if (this.#stage !== Stage.Admitting) {
          if (answer === 'ok') this.#context.limits.release(state.lease.id);
          return;
        }
        this.#admitted(state, answer, reply);
        this.#resume();
      },
      (error: unknown) => {
        this.#context.log.error({ err: error }, 'gateway: the limits could not decide; connection closed');
        this.#client.destroy();
      },
    );
  }

  #admitted(state: LeaseState, admission: Admission, reply: Buffer): void {
    const { counters } = this.#context;
    if (admission === 'source-blocked' || admission === 'lease-guarded') {
      if (admission === 'source-blocked') counters.sourceBlocked += 1;
      else counters.leaseGuarded += 1;
      this.#closeWith(AUTH_REPLY_FAILURE);
      return;
    }
    if (admission === 'ok') {
      counters.admitted += 1;
      this.#slot = state.lease.id;
    } else {
      counters.full += 1;
    }
    this.#client.write(reply);
    this.#lease = state;
    this.#stage = Stage.Request;
  }

  /** Wrong credentials: counted for the address and for the port's leases before the failure is sent. */
  #authFailed(): void {
    this.#context.counters.authFailed += 1;
    const leaseIds: number[] = [];
    for (const state of this.#port.leases) leaseIds.push(state.lease.id);
    const counted = this.#context.limits.authFailed(this.#source, leaseIds);
    if (!(counted instanceof Promise)) {
      this.#closeWith(AUTH_REPLY_FAILURE);
      return;
    }
    this.#wait();
    const refuse = () => {
      if (this.#stage === Stage.Admitting) this.#closeWith(AUTH_REPLY_FAILURE);
    };
    counted.then(refuse, refuse);
  }

  /** Stops reading until the limits answer: what the client sends meanwhile waits in the socket. */
  #wait(): void {
    this.#stage = Stage.Admitting;
    this.#client.pause();
  }

  #resume(): void {
    const buffered = this.#buffer;
    this.#buffer = null;
    if (buffered) this.#process(buffered);
    if (this.#stage <= Stage.Request) this.#client.resume();
  }

  /** Handles one message at the start of the buffer; returns the bytes it used (0: need more). */
  #step(buffer: Buffer): number {
    switch (this.#stage) {
      case Stage.Greeting: {
        const greeting = parseGreeting(buffer);
        if (greeting === null) return 0;
        if (greeting.malformed) {
          this.#closeWith(METHOD_REPLY_NONE_ACCEPTABLE);
          return buffer.length;
        }
        const allowed = offers(greeting.methods, METHOD_NO_AUTH) ? this.#allowListedLease() : null;
        if (allowed) {
          this.#admit(allowed, false, METHOD_REPLY_NO_AUTH);
        } else if (offers(greeting.methods, METHOD_USERNAME_PASSWORD)) {
          this.#client.write(METHOD_REPLY_USERNAME_PASSWORD);
          this.#stage = Stage.Auth;
        } else {
          this.#closeWith(METHOD_REPLY_NONE_ACCEPTABLE);
        }
        return greeting.length;
      }
      case Stage.Auth: {
        const credentials = parseCredentials(buffer);
        if (credentials === null) return 0;
        if (credentials.malformed) {
          this.#closeWith(AUTH_REPLY_FAILURE);
          return buffer.length;
        }
        const lease = this.#leaseFor(credentials.username, credentials.password);
        if (!lease) {
          this.#authFailed();
          return buffer.length;
        }
        // Right credentials; the limits may still refuse them (a guesser's address, a lease under attack).
        this.#admit(lease, true, AUTH_REPLY_SUCCESS);
        return credentials.length;
      }
      case Stage.Request: {
        const request = parseRequest(buffer);
        if (request === null) return 0;
        if (request.malformed) {
          this.#closeWith(failureReply(request.reply ?? Reply.generalFailure));
          return buffer.length;
        }
        this.#request(request.command, request.target);
        return request.length;
      }
      default:
        return 0;
    }
  }

  #allowListedLease(): LeaseState | null {
    const now = Date.now();
    for (const state of this.#port.leases) {
      const { allowList, expiresAt } = state.lease;
      if (allowList?.allows(this.#source) && expiresAt > now && !state.ended) {
        return state;
      }
    }
    return null;
  }

  #leaseFor(username: string, password: string): LeaseState | null {
    const now = Date.now();
    let found: LeaseState | null = null;
    for (const state of this.#port.leases) {
      const { lease } = state;
      // Both compared every time, so the answer's timing does not tell which half was wrong.
      const loginMatches = sameSecret(lease.login, username);
      const passwordMatches = sameSecret(lease.password, password);
      if (loginMatches && passwordMatches && lease.expiresAt > now && !state.ended) found = state;
    }
    return found;
  }

  #request(command: number, target: Target): void {
    const state = this.#lease!;
    const { config, policy } = this.#context;
    if (command !== COMMAND_CONNECT) return this.#closeWith(failureReply(Reply.commandNotSupported));
    if (state.ended || state.lease.expiresAt <= Date.now()) return this.#closeWith(failureReply(Reply.notAllowed));
    if (!policy.allowsPort(target.port)) {
      this.#context.counters.refusedDestinations += 1;
      return this.#closeWith(failureReply(Reply.notAllowed));
    }
    // Not admitted: the lease carries its maximum of connections across the fleet.
    if (this.#slot === null) return this.#closeWith(failureReply(Reply.notAllowed));
    state.sessions.add(this);
    this.#leaveHandshake();
    this.#stage = Stage.Connecting;
    // Whatever the client sends before the destination answers waits in the socket until the relay starts.
    this.#client.removeListener('data', Session.#onData);
    this.#client.pause();
    const cancellation = (this.#dialling = new Cancellation());
    const { exit } = state.lease;
    if (target.kind === 'ip') {
      if (!policy.allowsAddress(target.address)) {
        this.#context.counters.refusedDestinations += 1;
        return this.#dialFailed(new Refusal(Reply.notAllowed, 'destination not allowed'));
      }
      if (exit.kind === 'direct') {
        // The common case, straight from the connect event to the relay: no promise in between.
        dialDirect(target.address, target.port, config.connectTimeoutMs, cancellation, Session.#onDirectDial, this);
        return;
      }
    }
    this.#dial(exit, target, cancellation).then(
      ({ socket, head }) => this.#startRelay(socket, head),
      (error: unknown) => this.#dialFailed(error),
    );
  }

  static #onDirectDial(session: Session, error: Error | null, socket: Socket | null): void {
    if (error) session.#dialFailed(error);
    else session.#startRelay(socket!, EMPTY);
  }

  #startRelay(socket: Socket, head: Buffer): void {
    this.#dialling = null;
    if (this.#stage !== Stage.Connecting) {
      socket.destroy();
      return;
    }
    this.#upstream = socket;
    this.#stage = Stage.Relay;
    const client = this.#client;
    this.#baseUp = socket.bytesWritten;
    this.#baseDown = socket.bytesRead - head.length;
    client.write(successReply(socket.localAddress, socket.localPort));
    const early = this.#buffer;
    this.#buffer = null;
    if (early) socket.write(early);
    if (head.length > 0) client.write(head);
    this.#context.onConnected(this.#lease!);
    (socket as OwnedSocket)[SESSION] = this;
    socket.on('error', noop);
    socket.on('close', Session.#onUpstreamClose);
    this.#context.idle.add(this);
    // Each direction copied with backpressure, its FIN passed on: cheaper than pipe(), which wires up eight
    // listeners per side, at thousands of connections per second.
    client.on('data', Session.#onData);
    socket.on('data', Session.#onUpstreamData);
    client.on('drain', Session.#onClientDrain);
    socket.on('drain', Session.#onUpstreamDrain);
    socket.on('end', Session.#onUpstreamEnd);
    client.resume();
    socket.resume();
  }

  static #onUpstreamClose(this: Socket): void {
    const session = (this as OwnedSocket)[SESSION]!;
    endThenDestroy(session.#client);
    session.#finish();
  }

  /**
   * Called by the idle sweep: closes a relayed connection that has carried nothing either way for
   * idleTimeoutMs. Bytes read on both sockets count all traffic, since everything read on one is written
   * to the other.
   */
  checkIdle(now: number, idleTimeoutMs: number): void {
    const upstream = this.#upstream;
    if (!upstream) return;
    const seen = this.#client.bytesRead + upstream.bytesRead;
    if (seen !== this.#seenBytes || this.#seenAt === 0) {
      this.#seenBytes = seen;
      this.#seenAt = now;
    } else if (now - this.#seenAt >= idleTimeoutMs) {
      this.#client.destroy();
      upstream.destroy();
    }
  }

  #dialFailed(error: unknown): void {
    this.#dialling = null;
    if (this.#stage !== Stage.Connecting) return;
    const reply =
      error instanceof Refusal || error instanceof UpstreamError ? error.reply : errorReply(error as NodeJS.ErrnoException);
    this.#context.log.debug({ err: error, leaseId: this.#lease?.lease.id }, 'gateway: destination not reached');
    this.#lease?.sessions.delete(this);
    this.#closeWith(failureReply(reply));
  }

  /**
   * Dials an allowed address, or a name's allowed addresses in turn, from the exit. A name is resolved here
   * whatever the exit, and an upstream exit is sent the address that was checked, never the name: its own
   * resolver (or a name whose answers change between two lookups) could otherwise take a customer to the
   * exit host's loopback, its network or its cloud's metadata service.
   */
  async #dial(exit: Exit, target: Target, cancellation: Cancellation): Promise<UpstreamConnection> {
    const { config } = this.#context;
    const addresses = target.kind === 'ip' ? [target] : await this.#allowedAddresses(target.host, exit.kind === 'socks5', cancellation);
    // A name with several addresses (often ::1 and 127.0.0.1, or v6 and v4): the next one when one fails.
    const deadline = Date.now() + config.connectTimeoutMs;
    let lastError: unknown = null;
    for (const { address, family } of addresses) {
      const remaining = deadline - Date.now();
      if (remaining <= 0 || cancellation.cancelled) break;
      try {
        if (exit.kind === 'direct') return await dialDirectAsync(address, target.port, remaining, cancellation);
        const checked: Target = { kind: 'ip', family: family === 6 ? 6 : 4, address, port: target.port };
        return await connectThroughSocks5(
          { host: exit.host, port: exit.port, login: exit.login, password: exit.password, target: checked, timeoutMs: remaining },
          cancellation,
        );
      } catch (error) {
        // An upstream that cannot be reached or refuses us fails every address alike; one that could not
        // reach this address may reach the next.
        if (error instanceof UpstreamError && !DESTINATION_FAILURES.has(error.reply)) throw error;
        lastError = error;
      }
    }
    throw lastError ?? new Refusal(Reply.hostUnreachable, 'connect timed out');
  }

  /**
   * The addresses of a name that the policy allows, at most MAX_ADDRESSES_TRIED; refused when it has
   * addresses and none is allowed. For an upstream exit IPv4 comes first: an exit's own IPv6 is rarer.
   */
  async #allowedAddresses(host: string, ipv4First: boolean, cancellation: Cancellation): Promise<Array<{ address: string; family: number }>> {
    const { policy, counters } = this.#context;
    const found = await this.#context.lookup(host);
    if (cancellation.cancelled) throw new Refusal(Reply.generalFailure, 'aborted');
    const usable = found.filter((entry) => policy.allowsAddress(entry.address));
    if (usable.length === 0) {
      if (found.length > 0) counters.refusedDestinations += 1;
      throw found.length > 0
        ? new Refusal(Reply.notAllowed, 'destination resolves to a refused address')
        : new Refusal(Reply.hostUnreachable, 'no address');
    }
    if (ipv4First) usable.sort((a, b) => a.family - b.family);
    return usable.slice(0, MAX_ADDRESSES_TRIED);
  }
}

/**
 * Sends FIN on a socket whose own side has nothing more to say. When its peer already ended too and no
 * write waits in Node, closing does the same as shutdown() then close(): the kernel still sends what it
 * holds, then FIN (nothing unread remains to turn it into a reset). One system call less, and no
 * shutdown round trip through the stream, for the last side of most connections.
 */
function passOnEnd(to: Socket): void {
  if (to.readableEnded && to.writableLength === 0) to.destroy();
  else to.end();
}

/** The other side is gone: deliver what is still queued, then close (idle timeouts bound the wait). */
function endThenDestroy(socket: Socket): void {
  if (socket.destroyed) return;
  socket.end(() => socket.destroy());
}

/** Connects to an address; `done` is called once, with `owner` and the socket or the error. */
function dialDirect<T>(
  host: string,
  port: number,
  timeoutMs: number,
  cancellation: Cancellation,
  done: (owner: T, error: Error | null, socket: Socket | null) => void,
  owner: T,
): void {
  const socket = connect({ host, port, noDelay: true, allowHalfOpen: true });
  const settle = (error: Error | null) => {
    clearTimeout(timer);
    cancellation.hook = null;
    socket.removeListener('error', settle);
    socket.removeListener('connect', onConnect);
    if (error) {
      socket.destroy();
      done(owner, error, null);
    } else {
      done(owner, null, socket);
    }
  };
  const onConnect = () => settle(null);
  const onAbort = () => settle(new Refusal(Reply.generalFailure, 'aborted'));
  const timer = setTimeout(() => settle(new Refusal(Reply.hostUnreachable, 'connect timed out')), timeoutMs);
  if (cancellation.cancelled) return onAbort();
  cancellation.hook = onAbort;
  socket.once('error', settle);
  socket.once('connect', onConnect);
}

function dialDirectAsync(host: string, port: number, timeoutMs: number, cancellation: Cancellation): Promise<UpstreamConnection> {
  return new Promise((resolve, reject) => {
    dialDirect(host, port, timeoutMs, cancellation, (_owner, error, socket) => (error ? reject(error) : resolve({ socket: socket!, head: EMPTY })), null);
  });
}

const EMPTY = Buffer.alloc(0);
