import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ProxyListing } from 'contract/marketplace';
import type { Place } from 'contract/places';
import { distanceKm, EMPTY_FILTERS, filterProxies } from 'contract/proxy-filters';
import { createPlaceLookup, placeKey } from '../../../marketplace/places.ts';
import { buildMarket, call, customer } from '../../../test/market-kit.ts';
import { backends } from '../../../test/helpers.ts';

describe('place lookup', () => {
  const places = createPlaceLookup();
  const near = (place: Place | null, latitude: number, longitude: number, km: number) => {
    assert.ok(place, 'found');
    assert.ok(distanceKm(place, { latitude, longitude }) < km, `${place.name} is within ${km} km of ${latitude},${longitude}`);
  };

  it('finds a US ZIP code (also ZIP+4), a city with or without its state or country, and a US state', () => {
    near(places.find('78701'), 30.27, -97.74, 5);
    assert.equal(places.find('78701-1234')?.name, '78701 Austin, TX');
    near(places.find('Austin'), 30.27, -97.74, 10);
    near(places.find('austin, tx'), 30.27, -97.74, 15);
    near(places.find('Portland, Maine'), 43.66, -70.26, 10);
    near(places.find('Portland, OR'), 45.52, -122.68, 15);
    near(places.find('Berlin, DE'), 52.52, 13.4, 10);
    near(places.find('São Paulo'), -23.55, -46.63, 15);
    near(places.find('Sao Paulo'), -23.55, -46.63, 15);
    near(places.find('Texas'), 31.3, -98.0, 250);
  });

  it('knows nothing it was not given: an unknown name, a name in the wrong state, an unknown ZIP code', () => {
    assert.equal(places.find('Nowhere Land'), null);
    assert.equal(places.find('Austin, Maine'), null);
    assert.equal(places.find('00000'), null);
    assert.equal(places.find(' , '), null);
  });

  it('compares names without case, accents or punctuation', () => {
    assert.equal(placeKey('  São   Paulo '), 'sao paulo');
    assert.equal(placeKey('Winston-Salem'), 'winston salem');
  });
});

for (const backend of backends) {
  describe(`/api/proxy/place on ${backend}`, () => {
    it('answers a place to a signed-in customer, 404 with a hint for an unknown one, 400 for a query too short or long', async (t) => {
      const app = await buildMarket(t, backend, 400);
      assert.equal((await app.inject({ method: 'GET', url: '/api/proxy/place?q=78701' })).statusCode, 401);
      const alice = await customer(app, 0);
      const found = await call(app, alice, 'GET', '/api/proxy/place?q=78701');
      assert.equal(found.statusCode, 200);
      assert.deepEqual(Object.keys(found.json<Place>()).sort(), ['latitude', 'longitude', 'name']);
      assert.equal(found.json<Place>().name, '78701 Austin, TX');

      const unknown = await call(app, alice, 'GET', `/api/proxy/place?q=${encodeURIComponent('Nowhere Land')}`);
      assert.equal(unknown.statusCode, 404);
      assert.match(unknown.json<{ message: string }>().message, /No place called "Nowhere Land" is known: type a US ZIP code/);
      assert.equal((await call(app, alice, 'GET', '/api/proxy/place?q=a')).statusCode, 400);
      assert.equal((await call(app, alice, 'GET', `/api/proxy/place?q=${'a'.repeat(81)}`)).statusCode, 400);
    });

    it('every demo listing has a longitude, and a place found measures to the listings of that city', async (t) => {
      const app = await buildMarket(t, backend, 400);
      const alice = await customer(app, 0);
      const listings = (await call(app, alice, 'POST', '/api/proxy/search', { COUNTRY: 'US' })).json<ProxyListing[]>();
      assert.ok(listings.length > 100);
      assert.ok(listings.every((listing) => typeof listing.longitude === 'number'));
      const city = listings[0] as ProxyListing;
      const from = (await call(app, alice, 'GET', `/api/proxy/place?q=${encodeURIComponent(city.zip)}`)).json<Place>();
      const within = filterProxies(listings, { ...EMPTY_FILTERS, distance: { km: 25, from } });
      // Every listing of that city is within 25 km of its ZIP code, and nothing farther.
      assert.ok(within.some((listing) => listing.id === city.id));
      assert.ok(within.every((listing) => distanceKm({ latitude: listing.latitude, longitude: listing.longitude ?? 0 }, from) <= 25));
      assert.ok(within.length < listings.length);
    });
  });
}
