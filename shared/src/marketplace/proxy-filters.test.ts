import { activeFilterCount, distanceKm, EMPTY_FILTERS, filterProxies, unsoldItems, withinDistance, type ProxyFilters } from 'contract/proxy-filters';
import { listingFixture as listing } from 'test-kit/listing-fixture';

const ids = (filters: Partial<ProxyFilters>, rows = sample) =>
  filterProxies(rows, { ...EMPTY_FILTERS, ...filters }).map((row) => row.id);
const text = (partial: Partial<ProxyFilters['text']>) => ({ ...EMPTY_FILTERS.text, ...partial });

const sample = [
  listing({ id: 'a', sock_real_ip: '198.18.1.10', domain: 'comcast.net', region: 'Texas', city: 'Austin', isp: 'Comcast Cable', zip: '78701' }),
  listing({ id: 'b', sock_real_ip: '198.18.2.20', domain: 'att.net', region: 'Texas', city: 'Houston', isp: 'AT&T Internet', zip: '77002' }),
  listing({ id: 'c', sock_real_ip: '198.19.3.30', domain: 'spectrum.com', region: 'New York', city: 'Buffalo', isp: 'Charter Spectrum', zip: '14202' }),
];

describe('marketplace text filters', () => {
  it('keeps everything when no filter is set', () => {
    expect(ids({})).toEqual(['a', 'b', 'c']);
  });

  it.each([
    ['sock_real_ip', '18.2', ['b']],
    ['domain', 'NET', ['a', 'b']],
    ['region', 'texas', ['a', 'b']],
    ['city', 'buff', ['c']],
    ['isp', 'spectrum', ['c']],
    ['zip', '77', ['b']],
  ] as const)('matches %s as a case-insensitive substring', (field, needle, expected) => {
    expect(ids({ text: text({ [field]: needle }) })).toEqual(expected);
  });

  it('combines text filters with AND', () => {
    expect(ids({ text: text({ region: 'tex', city: 'hou' }) })).toEqual(['b']);
    expect(ids({ text: text({ region: 'tex', city: 'buff' }) })).toEqual([]);
  });

  it('ignores surrounding blanks in what was typed', () => {
    expect(ids({ text: text({ city: '  austin ' }) })).toEqual(['a']);
  });
});

describe('type, added and distance filters', () => {
  const typed = ['ISP', 'MOB', 'ISP/MOB', 'COM', 'DCH', 'EDU', 'CDN', '-', 'LIB', 'ORG'].map((type) =>
    listing({ id: type, user_type: type }),
  );

  it('keeps only the chosen type, and every type for any', () => {
    expect(ids({ type: 'MOB' }, typed)).toEqual(['MOB']);
    expect(ids({ type: 'ISP/MOB' }, typed)).toEqual(['ISP/MOB']);
    expect(ids({ type: '-' }, typed)).toEqual(['-']);
    expect(ids({ type: 'any' }, typed)).toHaveLength(typed.length);
  });

  it('keeps listings added at most the chosen days ago', () => {
    const aged = [0, 1, 3, 4, 7, 8, 30, 31].map((days) => listing({ id: String(days), added_days_ago: days }));
    expect(ids({ added: 0 }, aged)).toEqual(['0']);
    expect(ids({ added: 3 }, aged)).toEqual(['0', '1', '3']);
    expect(ids({ added: 7 }, aged)).toEqual(['0', '1', '3', '4', '7']);
    expect(ids({ added: 30 }, aged)).toEqual(['0', '1', '3', '4', '7', '8', '30']);
    expect(ids({ added: 'any' }, aged)).toHaveLength(8);
  });

  it('measures great-circle distances in km', () => {
    const austin = { latitude: 30.2672, longitude: -97.7431 };
    const dallas = { latitude: 32.7767, longitude: -96.797 };
    // Austin to Dallas is about 292 km as the crow flies; a degree of latitude about 111.2 km.
    expect(distanceKm(austin, dallas)).toBeGreaterThan(285);
    expect(distanceKm(austin, dallas)).toBeLessThan(300);
    expect(distanceKm({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(111.19, 1);
    expect(distanceKm(austin, austin)).toBe(0);
    // Across the antimeridian: 2 degrees of longitude at the equator, not 358.
    expect(distanceKm({ latitude: 0, longitude: 179 }, { latitude: 0, longitude: -179 })).toBeCloseTo(222.4, 0);
  });

  it('keeps listings within the chosen km of the chosen place; one not located yet is left out; no place or 0 km: every listing', () => {
    const austin = { name: '78701 Austin, TX', latitude: 30.2713, longitude: -97.7426 };
    const places = [
      listing({ id: 'austin', latitude: 30.27, longitude: -97.74 }),
      listing({ id: 'round-rock', latitude: 30.51, longitude: -97.68 }),
      listing({ id: 'san-antonio', latitude: 29.42, longitude: -98.49 }),
      listing({ id: 'dallas', latitude: 32.78, longitude: -96.8 }),
      listing({ id: 'berlin', latitude: 52.52, longitude: 13.4 }),
      listing({ id: 'unlocated', latitude: 0, longitude: null }),
    ];
    const all = places.map((row) => row.id);
    expect(ids({ distance: { km: 25, from: austin } }, places)).toEqual(['austin']);
    expect(ids({ distance: { km: 50, from: austin } }, places)).toEqual(['austin', 'round-rock']);
    // San Antonio is about 118 km from Austin, Dallas about 292 km.
    expect(ids({ distance: { km: 100, from: austin } }, places)).toEqual(['austin', 'round-rock']);
    expect(ids({ distance: { km: 250, from: austin } }, places)).toEqual(['austin', 'round-rock', 'san-antonio']);
    expect(ids({ distance: { km: 500, from: austin } }, places)).toEqual(['austin', 'round-rock', 'san-antonio', 'dallas']);
    expect(ids({ distance: { km: 0, from: austin } }, places)).toEqual(all);
    expect(ids({ distance: { km: 100, from: null } }, places)).toEqual(all);
    expect(withinDistance({ latitude: 0, longitude: null }, { km: 500, from: austin })).toBe(false);
  });

  it('bounds speed from below, ping and price from above, and ignores what is not a number', () => {
    const rows = [
      listing({ id: 'slow', speed: 10, ping: 300, price: 0.3 }),
      listing({ id: 'fast', speed: 200, ping: 20, price: 1.5 }),
    ];
    expect(ids({ minSpeed: '50' }, rows)).toEqual(['fast']);
    expect(ids({ maxPing: '100' }, rows)).toEqual(['fast']);
    expect(ids({ maxPrice: '0.5' }, rows)).toEqual(['slow']);
    expect(ids({ maxPrice: 'abc', minSpeed: ' ' }, rows)).toEqual(['slow', 'fast']);
  });

  it('a speed or ping bound asks for a measured figure: a listing not measured yet does not pass it', () => {
    const rows = [listing({ id: 'new', speed: null, ping: null }), listing({ id: 'fast', speed: 200, ping: 20 })];
    expect(ids({ minSpeed: '50' }, rows)).toEqual(['fast']);
    expect(ids({ maxPing: '100' }, rows)).toEqual(['fast']);
    expect(ids({}, rows)).toEqual(['new', 'fast']);
  });
});

describe('sidebar filters', () => {
  it('Residential only keeps ISP, MOB, COM, ISP/MOB and -', () => {
    const typed = ['ISP', 'MOB', 'COM', 'ISP/MOB', '-', 'DCH', 'EDU', 'CDN', 'LIB', 'ORG', 'SES'].map((type) =>
      listing({ id: type, user_type: type }),
    );
    expect(ids({ residentialOnly: true }, typed)).toEqual(['ISP', 'MOB', 'COM', 'ISP/MOB', '-']);
  });

  it('Exclude blacklisted drops a listing with any of the four flags', () => {
    const rows = [
      listing({ id: 'clean' }),
      listing({ id: 'sbl', sbl_black: 1 }),
      listing({ id: 'xbl', xbl_black: 1 }),
      listing({ id: 'css', css_black: 1 }),
      listing({ id: 'pbl', pbl_black: 1 }),
    ];
    expect(ids({ excludeBlacklisted: true }, rows)).toEqual(['clean']);
    expect(ids({ excludeBlacklisted: false }, rows)).toHaveLength(5);
  });

  it('combines with the column filters', () => {
    const rows = [
      listing({ id: 'home-listed', user_type: 'ISP', pbl_black: 1, city: 'Austin' }),
      listing({ id: 'home-clean', user_type: 'ISP', city: 'Austin' }),
      listing({ id: 'dc-clean', user_type: 'DCH', city: 'Austin' }),
    ];
    expect(ids({ residentialOnly: true, excludeBlacklisted: true, text: text({ city: 'aus' }) }, rows)).toEqual(['home-clean']);
  });
});

describe('bulk purchase', () => {
  it('sends only the unsold cart items', () => {
    expect(unsoldItems([listing({ id: '1' }), listing({ id: '2', sold: true }), listing({ id: '3', sold: false })]).map((item) => item.id)).toEqual(['1', '3']);
  });
});

describe('active filter count', () => {
  it('counts each text, bound and choice that is set and each ticked checkbox; blanks do not count', () => {
    expect(activeFilterCount(EMPTY_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...EMPTY_FILTERS, text: { ...EMPTY_FILTERS.text, city: 'Austin', zip: '  ' } })).toBe(1);
    expect(
      activeFilterCount({
        ...EMPTY_FILTERS,
        text: { ...EMPTY_FILTERS.text, isp: 'com', domain: 'net' },
        type: 'MOB',
        added: 0,
        maxPrice: '1',
        residentialOnly: true,
        excludeBlacklisted: true,
      }),
    ).toBe(7);
    // A distance counts once it has a place to measure from.
    expect(activeFilterCount({ ...EMPTY_FILTERS, distance: { km: 50, from: null } })).toBe(0);
    expect(activeFilterCount({ ...EMPTY_FILTERS, distance: { km: 50, from: { name: 'Texas', latitude: 31, longitude: -98 } } })).toBe(1);
  });
});
