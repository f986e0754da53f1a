// The top-up amount rules and the messages of each refusal.
import { TOPUP_RULES } from 'contract/limits';
import { centsToDecimalString } from './payment-provider.ts';

const dollars = (amount: number) => `$${centsToDecimalString(Math.round(amount * 100))}`;

/** The messages a refused top-up answers with (shown on the page as they are). */
export const topUpMessages = {
  currency: 'Only USD top-ups are accepted.',
  decimals: 'The amount can have at most two decimals.',
  firstMinimum: `Your first top-up must be at least ${dollars(TOPUP_RULES.firstMinimum)}.`,
  minimum: `The minimum top-up is ${dollars(TOPUP_RULES.minimum)}.`,
  maximum: `The maximum top-up is ${dollars(TOPUP_RULES.maximum)} per order.`,
  unavailable: 'Top-ups are not available right now. Please try again later or contact support.',
  providerDown: 'The payment provider could not be reached. Please try again in a few minutes.',
} as const;

/**
 * A user without a completed top-up deposits at least $50, later top-ups at least $20, and no order
 * exceeds $10,000. Returns the message of the broken rule, or null.
 */
export function topUpProblem(amountCents: number, hasCompletedTopUp: boolean): string | null {
  if (amountCents > TOPUP_RULES.maximum * 100) return topUpMessages.maximum;
  if (!hasCompletedTopUp && amountCents < TOPUP_RULES.firstMinimum * 100) return topUpMessages.firstMinimum;
  if (amountCents < TOPUP_RULES.minimum * 100) return topUpMessages.minimum;
  return null;
}
