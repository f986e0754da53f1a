// Where a checkout sends the payer back. Plain values, no schema: the payments page reads them too.

/**
 * The query the checkout sends the payer back with (`/payments?paid=1`) once the payment went through, so
 * the page can say it was received.
 */
export const PAID_QUERY = 'paid=1';
