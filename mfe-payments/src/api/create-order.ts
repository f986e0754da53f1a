import { useMutation } from '@tanstack/react-query';
import { api } from 'shared/api/api-client';
import type { CreateOrderRequest, CreateOrderResponse } from 'contract/payments';

/** POST /api/orders: opens a top-up order and returns the provider's checkout URL. */
export function createOrder(amount: number): Promise<CreateOrderResponse> {
  const body: CreateOrderRequest = { amount, currency: 'USD' };
  return api.post('orders', { json: body }).json<CreateOrderResponse>();
}

/**
 * Only http(s) URLs are followed: the page navigates wherever the server says, so it must never be talked
 * into a `javascript:` URL.
 */
export function checkoutUrlOrNull(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value, window.location.href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Leaving the portal for the checkout; an object so tests can observe the navigation jsdom cannot do. */
export const browserNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/** Starts a top-up and sends the browser to the checkout. */
export function useCreateOrder() {
  return useMutation({
    mutationFn: createOrder,
    onSuccess: (response) => {
      const url = checkoutUrlOrNull(response);
      if (!url) throw new Error('The payment provider returned no checkout address.');
      browserNavigation.assign(url);
    },
  });
}
