// The places the distance filter measures from: a US ZIP code, a city (of the world, or a US place by its
// ZIP codes) or a US state, looked up in the table scripts/make-place-table.mjs makes (api/data,
// GeoNames' US postal codes and a list of world cities; docs/marketplace.md says where from and under
// which licence).
// The table is read once, on the first lookup, and kept in memory (about 48,000 rows).
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { Place } from 'contract/places';

const TABLE = new URL('../../data/places.tsv.gz', import.meta.url);

/** The US states (and DC) by postal code, for "Austin, Texas" and for a state as a place. */
const US_STATES: Record<string, string> = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut',
  DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois',
  IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine', MD: 'Maryland',
  MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota', MS: 'Mississippi', MO: 'Missouri', MT: 'Montana',
  NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico', NY: 'New York',
  NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon', PA: 'Pennsylvania',
  RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah',
  VT: 'Vermont', VA: 'Virginia', WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
};

interface Row {
  name: string;
  /** Province or state name, lower case and without accents. */
  area: string;
  /** The state's postal code (US rows) or the country's ISO code (city rows), upper case. */
  code: string;
  latitude: number;
  longitude: number;
  population: number;
  label: string;
}

/** Lower case, without accents or punctuation runs: "São Paulo" and "sao  paulo" are one key. */
export function placeKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

interface Table {
  zips: Map<string, Place>;
  /** City rows and US places (ZIP codes of one place name in one state, averaged), by name key. */
  byName: Map<string, Row[]>;
  states: Map<string, Place>;
}

function mean(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

function readTable(file: URL): Table {
  const zips = new Map<string, Place>();
  const byName = new Map<string, Row[]>();
  const usPlaces = new Map<string, { name: string; code: string; latitudes: number[]; longitudes: number[] }>();
  const stateCentres = new Map<string, { latitudes: number[]; longitudes: number[] }>();
  const add = (key: string, row: Row) => {
    const rows = byName.get(key);
    if (rows) rows.push(row);
    else byName.set(key, [row]);
  };
  for (const line of gunzipSync(readFileSync(file)).toString('utf8').split('\n')) {
    const [kind, a = '', b = '', c = '', lat = '', lon = '', pop = '0'] = line.split('\t');
    const latitude = Number(lat);
    const longitude = Number(lon);
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || lat === '' || lon === '') continue;
    if (kind === 'Z') {
      const state = US_STATES[c];
      zips.set(a, { name: `${a} ${b}, ${c}`, latitude, longitude });
      const placeId = `${placeKey(b)}|${c}`;
      const place = usPlaces.get(placeId) ?? { name: b, code: c, latitudes: [], longitudes: [] };
      place.latitudes.push(latitude);
      place.longitudes.push(longitude);
      usPlaces.set(placeId, place);
      if (state) {
        const centre = stateCentres.get(c) ?? { latitudes: [], longitudes: [] };
        centre.latitudes.push(latitude);
        centre.longitudes.push(longitude);
        stateCentres.set(c, centre);
      }
    } else if (kind === 'C') {
      add(placeKey(a), { name: a, area: placeKey(b), code: c, latitude, longitude, population: Number(pop) || 0, label: `${a}, ${b && b !== a ? `${b}, ` : ''}${c}` });
    }
  }
  for (const place of usPlaces.values()) {
    const state = US_STATES[place.code] ?? place.code;
    // A US place without a population figure ranks after the world list's cities of the same name.
    add(placeKey(place.name), {
      name: place.name,
      area: placeKey(state),
      code: place.code,
      latitude: mean(place.latitudes),
      longitude: mean(place.longitudes),
      population: 0,
      label: `${place.name}, ${place.code}, US`,
    });
  }
  const states = new Map<string, Place>();
  for (const [code, centre] of stateCentres) {
    const name = US_STATES[code] as string;
    states.set(placeKey(name), { name: `${name}, US (its middle)`, latitude: mean(centre.latitudes), longitude: mean(centre.longitudes) });
  }
  return { zips, byName, states };
}

export interface PlaceLookup {
  /** The place a customer typed, or null when the table knows none by that name. */
  find(query: string): Place | null;
}

/**
 * Reads "78701", "78701-1234", "Austin", "Austin, TX", "Austin, Texas", "Berlin, DE", "Portland, Oregon" or
 * "Texas". A name alone is the most populous place of that name; after a comma, the rest narrows it by
 * state, province or country (code or name).
 */
export function createPlaceLookup(file: URL = TABLE): PlaceLookup {
  let table: Table | null = null;
  const loaded = () => (table ??= readTable(file));
  return {
    find(query) {
      const text = query.trim();
      const zip = /^(\d{5})(?:-\d{4})?$/.exec(text);
      if (zip) return loaded().zips.get(zip[1] as string) ?? null;
      const [namePart = '', ...rest] = text.split(',');
      const name = placeKey(namePart);
      const within = placeKey(rest.join(' '));
      if (name === '') return null;
      const { byName, states } = loaded();
      const candidates = (byName.get(name) ?? []).filter((row) => {
        if (within === '') return true;
        const code = row.code.toLowerCase();
        return within === code || within === row.area || within === placeKey(US_STATES[row.code] ?? '') || (row.label.endsWith(', US') && within === 'us');
      });
      const best = candidates.reduce<Row | null>((top, row) => (top === null || row.population > top.population ? row : top), null);
      if (best) return { name: best.label, latitude: best.latitude, longitude: best.longitude };
      return within === '' ? (states.get(name) ?? null) : null;
    },
  };
}
