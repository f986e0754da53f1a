import type { ProxyListing } from 'contract/marketplace';

/** A marketplace listing for tests of the marketplace and its filters; override what the test is about. */
export function listingFixture(overrides: Partial<ProxyListing> = {}): ProxyListing {
  return {
    id: '1',
    sock_real_ip: '198.18.0.1',
    domain: 'comcast.net',
    dns_ip: '198.19.255.2',
    region: 'Texas',
    city: 'Austin',
    isp: 'Comcast Cable',
    zip: '78701',
    speed: 100,
    ping: 40,
    uptime: null,
    user_type: 'ISP',
    added_days_ago: 2,
    price: 0.6,
    latitude: 30.27,
    longitude: -97.74,
    img: 'us',
    country: 'United States',
    ct: 'US',
    time_zone: 'America/Chicago',
    sbl_black: 0,
    xbl_black: 0,
    css_black: 0,
    pbl_black: 0,
    location_ip: null,
    location_at: null,
    blacklists_checked_at: null,
    ...overrides,
  };
}
