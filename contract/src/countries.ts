// Which marketplace region a country belongs to, for exits whose country the operator declares on import or
// geolocation finds (ISO 3166-1 alpha-2); shared by the API and the checker. The market's six tabs: the USA
// on its own, the rest of the Americas, Europe, Australia and Oceania, Asia (with the Middle East, the
// Caucasus and Russia), Africa. Names are English, from the runtime's ICU data, as the demo catalogue writes
// them.
/** The market's region tabs (the API's demo geography uses the same keys). */
export type RegionKey = 'USA' | 'America' | 'Europe' | 'Oceania' | 'Asia' | 'Africa';

const MEMBERS: Record<RegionKey, string> = {
  USA: 'US',
  America:
    'CA MX GT BZ SV HN NI CR PA CU JM HT DO PR BS BB TT AG DM GD KN LC VC AI AW BQ BL CW KY GP MQ MS MF SX TC VG VI ' +
    'BM GL PM FK GF CO VE GY SR EC PE BR BO PY CL AR UY GS UM',
  Europe:
    'AL AD AT BY BE BA BG HR CY CZ DK EE FO FI FR DE GI GR GG HU IS IE IM IT JE XK LV LI LT LU MT MD MC ME NL MK NO ' +
    'PL PT RO SM RS SK SI ES SJ SE CH UA GB VA AX',
  Oceania: 'AU NZ FJ PG SB VU NC PF WS TO KI TV NR MH FM PW CK NU TK WF AS GU MP PN NF CX CC HM',
  Asia:
    'AF AM AZ BH BD BT BN KH CN GE HK IN ID IR IQ IL JP JO KZ KW KG LA LB MO MY MV MN MM NP KP OM PK PS PH QA RU SA ' +
    'SG KR LK SY TW TJ TH TL TR TM AE UZ VN YE IO',
  Africa:
    'DZ AO BJ BW BF BI CV CM CF TD KM CG CD CI DJ EG GQ ER SZ ET GA GM GH GN GW KE LS LR LY MG MW ML MR MU YT MA MZ ' +
    'NA NE NG RE RW SH ST SN SC SL SO ZA SS SD TZ TG TN UG EH ZM ZW TF BV',
};

const REGION_OF = new Map<string, RegionKey>();
for (const [region, codes] of Object.entries(MEMBERS) as [RegionKey, string][]) {
  for (const code of codes.split(' ')) REGION_OF.set(code, region);
}

const NAMES = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

export interface Country {
  ct: string;
  name: string;
  region: RegionKey;
}

/** The country of an ISO 3166-1 alpha-2 code (any case), or null when it is not one. */
export function countryOf(code: string): Country | null {
  const ct = code.toUpperCase();
  const region = REGION_OF.get(ct);
  if (!region) return null;
  return { ct, name: NAMES.of(ct) ?? ct, region };
}

/** Where an exit of unknown location is listed: no region tab, the "unknown" flag; found by its address. */
export const UNKNOWN_LOCATION = { ct: 'XX', name: 'Unknown', region: 'Unknown' } as const;
