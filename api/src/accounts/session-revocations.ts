// With REDIS_URL, every instance tells the others which sessions it ended (logout, a newer login, a
// password change or reset), so none of them keeps accepting those tokens from its SessionCache. A message
// takes as long as Redis takes to relay it; should the subscription drop, the instance forgets every cached
// token when it is back, since it may have missed revocations meanwhile.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Sessions } from './sessions.ts';

interface Revocation {
  from: string;
  sessionIds: string[];
}

function parse(message: string): Revocation | null {
  try {
    const value: unknown = JSON.parse(message);
    if (typeof value !== 'object' || value === null) return null;
    const { from, sessionIds } = value as Record<string, unknown>;
    if (typeof from !== 'string' || !Array.isArray(sessionIds) || !sessionIds.every((id) => typeof id === 'string')) return null;
    return { from, sessionIds: sessionIds as string[] };
  } catch {
    return null;
  }
}

/** Relays `sessions`' revocations through Redis both ways; resolves once subscribed. */
export async function shareSessionRevocations(
  redisUrl: string,
  redisPrefix: string,
  sessions: Sessions,
  onError: (error: unknown) => void,
): Promise<{ close(): Promise<void> }> {
  const ourChannel = `${redisPrefix}sessions-ended`;
  const instance = randomUUID();
  const pub = new Redis(redisUrl, { maxRetriesPerRequest: 3 });
  const sub = pub.duplicate();
  let subscribed = false;
  sub.on('ready', () => {
    if (subscribed) sessions.forgetAll();
  });
  sub.on('message', (channel: string, message: string) => {
    const revocation = channel === ourChannel ? parse(message) : null;
    if (revocation && revocation.from !== instance) sessions.forget(revocation.sessionIds);
  });
  sub.on('error', onError);
  pub.on('error', onError);
  await sub.subscribe(ourChannel);
  subscribed = true;
  sessions.onEnded((sessionIds) => {
    const revocation: Revocation = { from: instance, sessionIds };
    pub.publish(ourChannel, JSON.stringify(revocation)).catch(onError);
  });
  return {
    async close() {
      await Promise.all([pub.quit(), sub.quit()]);
    },
  };
}
