import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { PROXY_KINDS } from 'contract/marketplace';
import { STARTING_PRICES_META, type StartingPrices } from 'contract/starting-prices';
import { forSale, listingJson } from '../../../marketplace/listing-sql.ts';
import { createStartingPriceSource } from '../../../marketplace/starting-prices.ts';
import { withStartingPrices } from '../../../web/page-delivery.ts';
import { buildMarket } from '../../../test/market-kit.ts';
import { backends } from '../../../test/helpers.ts';
import type { App } from '../../../app.ts';

/** The cheapest price the table would show for each kind, from every listing for sale (the wire listing's price). */
async function cheapestShown(app: App): Promise<StartingPrices> {
  const now = new Date();
  const rows = await sql<{ listing: { price: number; user_type: string } }>`select ${listingJson(now)} as listing from proxy_listings where ${forSale}`.execute(app.db);
  const min = (types: readonly string[] | null) => {
    const prices = rows.rows.map((row) => row.listing).filter((listing) => types === null || types.includes(listing.user_type)).map((listing) => listing.price);
    return prices.length === 0 ? null : Math.min(...prices);
  };
  return { any: min(null), Mobile: min(PROXY_KINDS.Mobile), Residential: min(PROXY_KINDS.Residential), Datacenter: min(PROXY_KINDS.Datacenter) };
}

for (const backend of backends) {
  describe(`landing "from" prices on ${backend}`, () => {
    it('answers the cheapest listing for sale of each kind to a visitor, null for a kind with none, cacheable for a minute', async (t) => {
      const app = await buildMarket(t, backend, 300);
      // One residential line made the cheapest in the shop, and every mobile line taken off sale.
      const residential = await sql<{ id: number }>`select id from proxy_listings where user_type = 'ISP' and ${forSale} limit 1`.execute(app.db);
      await sql`update proxy_listings set base_cents = 7, fresh_cents = 0, sbl_black = 0, xbl_black = 0, css_black = 0 where id = ${residential.rows[0]?.id}`.execute(app.db);
      await sql`update proxy_listings set online = false where user_type in ('MOB', 'ISP/MOB')`.execute(app.db);

      const response = await app.inject({ method: 'GET', url: '/api/proxy/from-prices' });
      assert.equal(response.statusCode, 200);
      assert.match(String(response.headers['cache-control']), /public, max-age=60/);
      const prices = response.json<StartingPrices>();
      assert.deepEqual(prices, await cheapestShown(app));
      assert.equal(prices.any, 0.07);
      assert.equal(prices.Residential, 0.07);
      assert.equal(prices.Mobile, null);
      assert.ok(prices.Datacenter !== null && prices.Datacenter > 0.07);
    });
  });
}

describe('the figures in the HTML of /', () => {
  const template =
    '<html><head><title>x</title></head><body><div id="root"><dd><span data-ps5-from="any" class="css-1">…</span></dd>' +
    '<p>from <span class="css-2" data-ps5-from="Mobile">…</span> for 24 hours</p><i data-ps5-from="Datacenter">…</i>' +
    '<span data-ps5-from="Bogus">keep</span></div></body></html>';

  it('writes each figure into its element and all of them into the meta tag the page renders from', () => {
    const prices: StartingPrices = { any: 0.25, Mobile: null, Residential: 0.3, Datacenter: 0.5 };
    const html = withStartingPrices(template, prices);
    assert.match(html, /<span data-ps5-from="any" class="css-1">\$0\.25<\/span>/);
    assert.match(html, /<span class="css-2" data-ps5-from="Mobile">—<\/span>/);
    assert.match(html, /<i data-ps5-from="Datacenter">\$0\.50<\/i>/);
    assert.match(html, /<span data-ps5-from="Bogus">keep<\/span>/);
    const meta = new RegExp(`<meta name="${STARTING_PRICES_META}" content="([^"]*)"></head>`).exec(html);
    assert.deepEqual(JSON.parse((meta?.[1] ?? '').replaceAll('&quot;', '"')), prices);
  });

  it('leaves the page as built when the catalogue could not be read', () => {
    assert.equal(withStartingPrices(template, null), template);
  });

  it('reads the catalogue once a minute, shares a read between requests, and retries after a failed one', async () => {
    let clock = 0;
    let reads = 0;
    let fail = false;
    const source = createStartingPriceSource(
      {
        startingPrices: async () => {
          reads += 1;
          if (fail) throw new Error('database down');
          return { any: reads, Mobile: null, Residential: null, Datacenter: null };
        },
      },
      { ttlMs: 60_000, now: () => clock },
    );
    const [first, second] = await Promise.all([source.current(), source.current()]);
    assert.equal(first?.any, 1);
    assert.equal(second?.any, 1);
    clock = 59_999;
    assert.equal((await source.current())?.any, 1);
    clock = 60_000;
    fail = true;
    assert.equal(await source.current(), null);
    fail = false;
    assert.equal((await source.current())?.any, 3);
    assert.equal(reads, 3);
  });
});
