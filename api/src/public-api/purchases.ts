// A purchase through /api/v1 (by listing ids or by criteria) as the idempotent work's outcome: its answer,
// committed and remembered, or its refusal as a problem, rolled back.
import type { Transaction } from 'kysely';
import { centsToDollars } from 'contract/money';
import type { V1BuyResponse } from 'contract/public-api';
import type { Schema } from '../db/schema.ts';
import { marketMessages } from '../marketplace/market-messages.ts';
import { marketDb } from '../marketplace/market-schema.ts';
import type { MatchingPurchaseResult } from '../marketplace/purchases.ts';
import type { WorkOutcome } from './idempotency.ts';
import { json, refused } from './keyed-routes.ts';
import { ownProxies } from './own-proxies.ts';
import { Problem } from './problems.ts';

/** The proxies bought (by listing id), what they cost and the balance left, read in the purchase's transaction. */
async function boughtAnswer(trx: Transaction<Schema>, publicHost: string, userId: string, listingIds: readonly string[]): Promise<V1BuyResponse> {
  const leases = await marketDb(trx)
    .selectFrom('proxy_leases')
    .select(['id', 'price_cents'])
    .where('user_id', '=', userId)
    .where('listing_id', 'in', listingIds.map(Number))
    .where('ended_at', 'is', null)
    .execute();
  const proxies = await ownProxies(trx, publicHost, userId, new Date(), leases.map((lease) => Number(lease.id)));
  const charged = leases.reduce((sum, lease) => sum + Number(lease.price_cents), 0);
  const balance = await trx.selectFrom('users').select('balance_cents').where('id', '=', userId).executeTakeFirstOrThrow();
  return { proxies, charged: centsToDollars(charged), balance: centsToDollars(Number(balance.balance_cents)) };
}

/** A refused purchase as its problem. */
function purchaseProblem(result: Exclude<MatchingPurchaseResult, { ok: true }>): Problem {
  switch (result.reason) {
    case 'no-account':
      return new Problem(401, 'invalid_key', 'This API key is not valid or has been revoked.');
    case 'not-found':
      return new Problem(404, 'not_found', marketMessages.notFound(result.id));
    case 'unavailable':
      return new Problem(409, 'listings_unavailable', marketMessages.unavailable(result.ips), { unavailable: result.ids });
    case 'not-enough':
      return new Problem(409, 'not_enough_matches', `Only ${result.available} matching listings are for sale: nothing was bought.`);
    case 'insufficient-funds':
      return new Problem(402, 'insufficient_funds', marketMessages.insufficientFunds(result.balanceCents, result.totalCents));
    case 'no-port':
      return new Problem(503, 'no_free_port', marketMessages.noFreePort, { retryAfter: 60 });
  }
}

export async function purchaseOutcome(trx: Transaction<Schema>, publicHost: string, userId: string, result: MatchingPurchaseResult): Promise<WorkOutcome> {
  if (!result.ok) return refused(purchaseProblem(result));
  return { commit: true, answer: json(200, await boughtAnswer(trx, publicHost, userId, result.bought.map((item) => item.ID))) };
}
