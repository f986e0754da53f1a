import type { PurchaseItem } from 'contract/marketplace';
import { errorStatus } from 'shared/api/api-client';
import { listingFixture } from 'test-kit/listing-fixture';
import { fakeApi } from 'test-kit/fake-api';
import { buyProxies } from '../api/buy-proxies';
import { buyAvailable, markTaken, splitByAvailability, takenIdsOf, takenMessage } from './cart-availability';

const listing = (id: string) => listingFixture({ id, sock_real_ip: `198.18.0.${id}` });
const bought = (ids: string[]): PurchaseItem[] => ids.map((id) => ({ ID: id, PORT: 30000, SOCKS_AUTH: 'login:pass', PROXY: 'gw.example:30000' }));

/** The API client's own error for a refused purchase: a real call answered by the fake API. */
async function refusal(status: number, body: unknown): Promise<unknown> {
  fakeApi({ 'POST /api/proxy/buy': { status, body } });
  return buyProxies({ ID: ['1'] }).then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: unknown) => error,
  );
}

describe('cart availability', () => {
  it('splits a cart into what can still be bought and what was taken', () => {
    const cart = ['1', '2', '3'].map(listing);
    const { available, taken } = splitByAvailability(cart, ['2', '9']);
    expect(available.map((item) => item.id)).toEqual(['1', '3']);
    expect(taken.map((item) => item.id)).toEqual(['2']);
  });

  it('marks the taken items as sold, once', () => {
    const cart = [listing('1'), { ...listing('2'), sold: true }, listing('3')];
    expect(markTaken(cart, ['2', '3'])).toEqual([{ ...listing('3'), sold: true }]);
    expect(markTaken(cart, [])).toEqual([]);
  });

  it('reads the taken ids of a 409 and nothing else', async () => {
    expect(takenIdsOf(await refusal(409, { message: 'Proxy 198.18.0.2 is no longer available', unavailable: ['2'] }))).toEqual(['2']);
    expect(takenIdsOf(await refusal(409, { message: 'no ids' }))).toBeNull();
    expect(takenIdsOf(await refusal(402, { message: 'Insufficient funds', unavailable: ['2'] }))).toBeNull();
    expect(takenIdsOf(new Error('network'))).toBeNull();
  });

  it('buys everything at once when nothing was taken', async () => {
    const buy = jest.fn(async (ids: string[]) => bought(ids));
    const outcome = await buyAvailable(['1', '2'].map(listing), buy);
    expect(buy.mock.calls).toEqual([[['1', '2']]]);
    expect(outcome.bought.map((item) => item.ID)).toEqual(['1', '2']);
    expect(outcome.taken).toEqual([]);
  });

  it('drops the listings a 409 names and buys the rest, however many rounds it takes', async () => {
    const sold = [await refusal(409, { message: 'taken', unavailable: ['2'] }), await refusal(409, { message: 'taken', unavailable: ['3'] })];
    const buy = jest.fn(async (ids: string[]) => {
      const next = sold.shift();
      if (next) throw next;
      return bought(ids);
    });
    const outcome = await buyAvailable(['1', '2', '3', '4'].map(listing), buy);
    expect(buy.mock.calls.map(([ids]) => ids)).toEqual([['1', '2', '3', '4'], ['1', '3', '4'], ['1', '4']]);
    expect(outcome.bought.map((item) => item.ID)).toEqual(['1', '4']);
    expect(outcome.taken.map((item) => item.id)).toEqual(['2', '3']);
  });

  it('buys nothing and reports all taken when every listing is gone', async () => {
    const gone = await refusal(409, { message: 'taken', unavailable: ['1', '2'] });
    const buy = jest.fn(async () => {
      throw gone;
    });
    const outcome = await buyAvailable(['1', '2'].map(listing), buy);
    expect(buy).toHaveBeenCalledTimes(1);
    expect(outcome).toEqual({ bought: [], taken: ['1', '2'].map(listing) });
  });

  it('keeps a short balance (402) a failure of the whole purchase, with what was taken before it', async () => {
    const buy = jest
      .fn<Promise<PurchaseItem[]>, [string[]]>()
      .mockRejectedValueOnce(await refusal(409, { message: 'taken', unavailable: ['1'] }))
      .mockRejectedValueOnce(await refusal(402, { message: 'Insufficient funds' }));
    const failure = await buyAvailable(['1', '2'].map(listing), buy).catch((error: unknown) => error);
    expect(errorStatus(failure)).toBe(402);
    expect((failure as { taken: unknown }).taken).toEqual([listing('1')]);
  });

  it('names the taken proxies', () => {
    expect(takenMessage([listing('2')])).toBe('Proxy 198.18.0.2 was just sold and left your cart.');
    expect(takenMessage([listing('2'), listing('3')])).toBe('Proxies 198.18.0.2, 198.18.0.3 were just sold and left your cart.');
  });
});
