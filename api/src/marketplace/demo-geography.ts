// Geography of the demo catalogue: real place names, ZIP/postal codes, coordinates and time zones, with ISPs
// that serve them. Addresses are never taken from here: every demo address comes from 198.18.0.0/15.

/** The six marketplace regions; the key is what POST /proxy/region sends (the tab's `as`). */
export const REGIONS = [
  { key: 'USA', name: 'USA' },
  { key: 'America', name: 'America' },
  { key: 'Europe', name: 'Europe' },
  { key: 'Oceania', name: 'AU,Oceania' },
  { key: 'Asia', name: 'Asia' },
  { key: 'Africa', name: 'Africa' },
] as const;

export type RegionKey = (typeof REGIONS)[number]['key'];

/** [city, zip, latitude, longitude] */
export type Place = readonly [string, string, number, number];

export interface StateGeo {
  state: string;
  timeZone: string;
  /** Relative share of the country's listings (roughly population). */
  weight: number;
  places: readonly Place[];
}

export interface CountryGeo {
  ct: string;
  country: string;
  region: RegionKey;
  weight: number;
  isps: readonly (readonly [isp: string, domain: string])[];
  states: readonly StateGeo[];
}

const US_ISPS = [
  ['Comcast Cable', 'comcast.net'],
  ['Charter Spectrum', 'spectrum.com'],
  ['AT&T Internet', 'att.net'],
  ['Verizon Fios', 'verizon.net'],
  ['Cox Communications', 'cox.net'],
  ['Frontier Communications', 'frontier.com'],
  ['CenturyLink', 'centurylink.net'],
  ['T-Mobile USA', 't-mobile.com'],
  ['Optimum', 'optimum.net'],
  ['Windstream', 'windstream.net'],
] as const;

function us(state: string, timeZone: string, weight: number, places: Place[]): StateGeo {
  return { state, timeZone, weight, places };
}

const US_STATES: StateGeo[] = [
  us('Alabama', 'America/Chicago', 5, [['Birmingham', '35203', 33.52, -86.81], ['Montgomery', '36104', 32.37, -86.31], ['Huntsville', '35801', 34.73, -86.57]]),
  us('Alaska', 'America/Anchorage', 1, [['Anchorage', '99501', 61.22, -149.88], ['Fairbanks', '99701', 64.84, -147.72]]),
  us('Arizona', 'America/Phoenix', 7, [['Phoenix', '85004', 33.45, -112.07], ['Tucson', '85701', 32.22, -110.97], ['Mesa', '85201', 33.42, -111.85]]),
  us('Arkansas', 'America/Chicago', 3, [['Little Rock', '72201', 34.75, -92.28], ['Fayetteville', '72701', 36.06, -94.15]]),
  us('California', 'America/Los_Angeles', 39, [['Los Angeles', '90012', 34.05, -118.24], ['San Francisco', '94103', 37.77, -122.41], ['San Diego', '92101', 32.72, -117.16], ['San Jose', '95113', 37.34, -121.89], ['Sacramento', '95814', 38.58, -121.49], ['Fresno', '93721', 36.74, -119.78]]),
  us('Colorado', 'America/Denver', 6, [['Denver', '80202', 39.74, -104.99], ['Colorado Springs', '80903', 38.83, -104.81], ['Boulder', '80302', 40.01, -105.29]]),
  us('Connecticut', 'America/New_York', 4, [['Hartford', '06103', 41.76, -72.68], ['New Haven', '06510', 41.31, -72.93], ['Stamford', '06901', 41.05, -73.54]]),
  us('Delaware', 'America/New_York', 1, [['Wilmington', '19801', 39.74, -75.55], ['Dover', '19901', 39.16, -75.5]]),
  us('District of Columbia', 'America/New_York', 1, [['Washington', '20001', 38.91, -77.02]]),
  us('Florida', 'America/New_York', 22, [['Miami', '33130', 25.76, -80.21], ['Orlando', '32801', 28.54, -81.37], ['Tampa', '33602', 27.95, -82.46], ['Jacksonville', '32202', 30.33, -81.65], ['Tallahassee', '32301', 30.44, -84.26]]),
  us('Georgia', 'America/New_York', 11, [['Atlanta', '30303', 33.75, -84.39], ['Savannah', '31401', 32.08, -81.09], ['Augusta', '30901', 33.47, -81.97]]),
  us('Hawaii', 'Pacific/Honolulu', 1, [['Honolulu', '96813', 21.31, -157.85], ['Hilo', '96720', 19.71, -155.09]]),
  us('Idaho', 'America/Boise', 2, [['Boise', '83702', 43.62, -116.21], ['Idaho Falls', '83402', 43.49, -112.06]]),
  us('Illinois', 'America/Chicago', 13, [['Chicago', '60601', 41.88, -87.62], ['Springfield', '62701', 39.8, -89.65], ['Naperville', '60540', 41.75, -88.14]]),
  us('Indiana', 'America/Indiana/Indianapolis', 7, [['Indianapolis', '46204', 39.77, -86.15], ['Fort Wayne', '46802', 41.08, -85.15], ['Bloomington', '47404', 39.17, -86.58]]),
  us('Iowa', 'America/Chicago', 3, [['Des Moines', '50309', 41.59, -93.62], ['Cedar Rapids', '52401', 41.98, -91.66]]),
  us('Kansas', 'America/Chicago', 3, [['Wichita', '67202', 37.69, -97.34], ['Topeka', '66603', 39.05, -95.68], ['Overland Park', '66204', 38.98, -94.68]]),
  us('Kentucky', 'America/New_York', 4, [['Louisville', '40202', 38.25, -85.75], ['Lexington', '40507', 38.04, -84.5]]),
  us('Louisiana', 'America/Chicago', 5, [['New Orleans', '70112', 29.95, -90.08], ['Baton Rouge', '70801', 30.45, -91.19], ['Shreveport', '71101', 32.53, -93.75]]),
  us('Maine', 'America/New_York', 1, [['Portland', '04101', 43.66, -70.26], ['Bangor', '04401', 44.8, -68.79]]),
  us('Maryland', 'America/New_York', 6, [['Baltimore', '21202', 39.29, -76.61], ['Annapolis', '21401', 38.98, -76.55], ['Rockville', '20850', 39.08, -77.17]]),
  us('Massachusetts', 'America/New_York', 7, [['Boston', '02108', 42.36, -71.07], ['Worcester', '01608', 42.26, -71.8], ['Cambridge', '02139', 42.37, -71.1]]),
  us('Michigan', 'America/Detroit', 10, [['Detroit', '48226', 42.33, -83.05], ['Grand Rapids', '49503', 42.96, -85.65], ['Ann Arbor', '48104', 42.28, -83.73]]),
  us('Minnesota', 'America/Chicago', 6, [['Minneapolis', '55401', 44.98, -93.27], ['Saint Paul', '55101', 44.95, -93.09], ['Duluth', '55802', 46.79, -92.09]]),
  us('Mississippi', 'America/Chicago', 3, [['Jackson', '39201', 32.3, -90.19], ['Gulfport', '39501', 30.37, -89.1]]),
  us('Missouri', 'America/Chicago', 6, [['Kansas City', '64105', 39.1, -94.59], ['Saint Louis', '63101', 38.63, -90.19], ['Springfield', '65806', 37.21, -93.3]]),
  us('Montana', 'America/Denver', 1, [['Billings', '59101', 45.78, -108.5], ['Missoula', '59802', 46.87, -114]]),
  us('Nebraska', 'America/Chicago', 2, [['Omaha', '68102', 41.26, -95.94], ['Lincoln', '68508', 40.81, -96.7]]),
  us('Nevada', 'America/Los_Angeles', 3, [['Las Vegas', '89101', 36.17, -115.12], ['Reno', '89501', 39.53, -119.81], ['Henderson', '89002', 36.04, -114.96]]),
  us('New Hampshire', 'America/New_York', 1, [['Manchester', '03101', 42.99, -71.46], ['Concord', '03301', 43.21, -71.53]]),
  us('New Jersey', 'America/New_York', 9, [['Newark', '07102', 40.74, -74.18], ['Jersey City', '07302', 40.72, -74.05], ['Trenton', '08608', 40.22, -74.76]]),
  us('New Mexico', 'America/Denver', 2, [['Albuquerque', '87102', 35.08, -106.65], ['Santa Fe', '87501', 35.69, -105.98]]),
  us('New York', 'America/New_York', 20, [['New York', '10001', 40.75, -74], ['Brooklyn', '11201', 40.69, -73.99], ['Buffalo', '14202', 42.89, -78.88], ['Rochester', '14604', 43.16, -77.61], ['Albany', '12207', 42.65, -73.76]]),
  us('North Carolina', 'America/New_York', 10, [['Charlotte', '28202', 35.23, -80.84], ['Raleigh', '27601', 35.78, -78.63], ['Greensboro', '27401', 36.07, -79.77]]),
  us('North Dakota', 'America/Chicago', 1, [['Fargo', '58102', 46.88, -96.83], ['Bismarck', '58501', 46.81, -100.78]]),
  us('Ohio', 'America/New_York', 12, [['Columbus', '43215', 39.96, -83], ['Cleveland', '44113', 41.5, -81.7], ['Cincinnati', '45202', 39.1, -84.5]]),
  us('Oklahoma', 'America/Chicago', 4, [['Oklahoma City', '73102', 35.47, -97.52], ['Tulsa', '74103', 36.15, -96]]),
  us('Oregon', 'America/Los_Angeles', 4, [['Portland', '97204', 45.52, -122.67], ['Eugene', '97401', 44.05, -123.08], ['Salem', '97301', 44.94, -123]]),
  us('Pennsylvania', 'America/New_York', 13, [['Philadelphia', '19107', 39.95, -75.16], ['Pittsburgh', '15222', 40.44, -79.99], ['Harrisburg', '17101', 40.26, -76.88]]),
  us('Rhode Island', 'America/New_York', 1, [['Providence', '02903', 41.82, -71.42], ['Warwick', '02886', 41.7, -71.45]]),
  us('South Carolina', 'America/New_York', 5, [['Columbia', '29201', 34.0, -81.03], ['Charleston', '29401', 32.78, -79.94], ['Greenville', '29601', 34.85, -82.41]]),
  us('South Dakota', 'America/Chicago', 1, [['Sioux Falls', '57104', 43.55, -96.74], ['Rapid City', '57701', 44.08, -103.21]]),
  us('Tennessee', 'America/Chicago', 7, [['Nashville', '37203', 36.16, -86.79], ['Memphis', '38103', 35.15, -90.05], ['Knoxville', '37902', 35.96, -83.92]]),
  us('Texas', 'America/Chicago', 30, [['Houston', '77002', 29.76, -95.36], ['Dallas', '75201', 32.78, -96.8], ['Austin', '78701', 30.27, -97.74], ['San Antonio', '78205', 29.42, -98.49], ['El Paso', '79901', 31.76, -106.48], ['Fort Worth', '76102', 32.75, -97.33]]),
  us('Utah', 'America/Denver', 3, [['Salt Lake City', '84111', 40.76, -111.88], ['Provo', '84601', 40.23, -111.68]]),
  us('Vermont', 'America/New_York', 1, [['Burlington', '05401', 44.48, -73.22], ['Montpelier', '05602', 44.26, -72.58]]),
  us('Virginia', 'America/New_York', 9, [['Richmond', '23219', 37.54, -77.44], ['Virginia Beach', '23451', 36.85, -76], ['Arlington', '22201', 38.88, -77.09]]),
  us('Washington', 'America/Los_Angeles', 8, [['Seattle', '98101', 47.61, -122.33], ['Spokane', '99201', 47.66, -117.44], ['Tacoma', '98402', 47.25, -122.44]]),
  us('West Virginia', 'America/New_York', 2, [['Charleston', '25301', 38.35, -81.63], ['Morgantown', '26505', 39.63, -79.94]]),
  us('Wisconsin', 'America/Chicago', 6, [['Milwaukee', '53202', 43.04, -87.9], ['Madison', '53703', 43.07, -89.38], ['Green Bay', '54301', 44.52, -88.02]]),
  us('Wyoming', 'America/Denver', 1, [['Cheyenne', '82001', 41.14, -104.8], ['Casper', '82601', 42.87, -106.32]]),
];

/** A country outside the USA: its cities sit in one "state" row named after the province or region. */
function country(
  ct: string,
  name: string,
  region: RegionKey,
  weight: number,
  timeZone: string,
  isps: readonly (readonly [string, string])[],
  states: readonly (readonly [state: string, places: Place[]])[],
): CountryGeo {
  return {
    ct,
    country: name,
    region,
    weight,
    isps,
    states: states.map(([state, places]) => ({ state, timeZone, weight: 1, places })),
  };
}

export const COUNTRIES: readonly CountryGeo[] = [
  { ct: 'US', country: 'United States', region: 'USA', weight: 90, isps: US_ISPS, states: US_STATES },

  country('CA', 'Canada', 'America', 8, 'America/Toronto', [['Rogers Communications', 'rogers.com'], ['Bell Canada', 'bell.ca'], ['Shaw Communications', 'shaw.ca'], ['TELUS', 'telus.net']], [
    ['Ontario', [['Toronto', 'M5H 2N2', 43.65, -79.42], ['Ottawa', 'K1P 1J1', 45.42, -75.7]]],
    ['Quebec', [['Montreal', 'H2Y 1C6', 45.5, -73.58], ['Quebec City', 'G1R 4S9', 46.81, -71.21]]],
    ['British Columbia', [['Vancouver', 'V6B 1A1', 49.28, -123.12]]],
    ['Alberta', [['Calgary', 'T2P 1J9', 51.05, -114.08], ['Edmonton', 'T5J 0N3', 53.55, -113.5]]],
  ]),
  country('MX', 'Mexico', 'America', 6, 'America/Mexico_City', [['Telmex', 'telmex.com'], ['Totalplay', 'totalplay.com.mx'], ['Telcel', 'telcel.com']], [
    ['Ciudad de Mexico', [['Mexico City', '06000', 19.43, -99.13]]],
    ['Jalisco', [['Guadalajara', '44100', 20.67, -103.33]]],
    ['Nuevo Leon', [['Monterrey', '64000', 25.69, -100.33]]],
  ]),
  country('BR', 'Brazil', 'America', 7, 'America/Sao_Paulo', [['Claro Brasil', 'claro.com.br'], ['Vivo', 'vivo.com.br'], ['Oi', 'oi.com.br']], [
    ['Sao Paulo', [['Sao Paulo', '01000-000', -23.55, -46.63], ['Campinas', '13010-000', -22.91, -47.1]]],
    ['Rio de Janeiro', [['Rio de Janeiro', '20000-000', -22.91, -43.23]]],
    ['Minas Gerais', [['Belo Horizonte', '30110-000', -19.92, -43.91]]],
  ]),
  country('AR', 'Argentina', 'America', 3, 'America/Argentina/Buenos_Aires', [['Telecom Argentina', 'telecom.com.ar'], ['Claro Argentina', 'claro.com.ar']], [
    ['Buenos Aires', [['Buenos Aires', 'C1002', -34.6, -58.4], ['La Plata', 'B1900', -34.92, -57.96]]],
    ['Cordoba', [['Cordoba', 'X5000', -31.42, -64.18]]],
  ]),
  country('CL', 'Chile', 'America', 2, 'America/Santiago', [['Movistar Chile', 'movistar.cl'], ['VTR', 'vtr.net']], [
    ['Santiago Metropolitan', [['Santiago', '8320000', -33.45, -70.67]]],
    ['Valparaiso', [['Valparaiso', '2340000', -33.05, -71.62]]],
  ]),
  country('CO', 'Colombia', 'America', 2, 'America/Bogota', [['Claro Colombia', 'claro.com.co'], ['ETB', 'etb.com.co']], [
    ['Bogota', [['Bogota', '110111', 4.71, -74.08]]],
    ['Antioquia', [['Medellin', '050001', 6.24, -75.58]]],
  ]),
  country('PE', 'Peru', 'America', 1, 'America/Lima', [['Movistar Peru', 'movistar.com.pe']], [['Lima', [['Lima', '15001', -12.05, -77.05]]]]),

  country('DE', 'Germany', 'Europe', 8, 'Europe/Berlin', [['Deutsche Telekom', 'telekom.de'], ['Vodafone Germany', 'vodafone.de'], ['1&1 Versatel', '1und1.de'], ['Hetzner Online', 'hetzner.com']], [
    ['Berlin', [['Berlin', '10115', 52.52, 13.4]]],
    ['Bavaria', [['Munich', '80331', 48.14, 11.57], ['Nuremberg', '90402', 49.45, 11.08]]],
    ['Hesse', [['Frankfurt am Main', '60311', 50.11, 8.68]]],
    ['Hamburg', [['Hamburg', '20095', 53.55, 10]]],
  ]),
  country('GB', 'United Kingdom', 'Europe', 7, 'Europe/London', [['BT', 'bt.com'], ['Virgin Media', 'virginmedia.com'], ['Sky Broadband', 'sky.com'], ['TalkTalk', 'talktalk.co.uk']], [
    ['England', [['London', 'EC1A 1BB', 51.51, -0.12], ['Manchester', 'M1 1AE', 53.48, -2.25], ['Birmingham', 'B1 1AA', 52.48, -1.92]]],
    ['Scotland', [['Edinburgh', 'EH1 1YZ', 55.95, -3.22], ['Glasgow', 'G1 1XQ', 55.86, -4.25]]],
  ]),
  country('FR', 'France', 'Europe', 6, 'Europe/Paris', [['Orange', 'orange.fr'], ['Free SAS', 'free.fr'], ['SFR', 'sfr.fr'], ['OVH', 'ovh.net']], [
    ['Ile-de-France', [['Paris', '75001', 48.86, 2.33]]],
    ['Auvergne-Rhone-Alpes', [['Lyon', '69001', 45.76, 4.83]]],
    ["Provence-Alpes-Cote d'Azur", [['Marseille', '13001', 43.3, 5.38], ['Nice', '06000', 43.7, 7.26]]],
  ]),
  country('NL', 'Netherlands', 'Europe', 4, 'Europe/Amsterdam', [['KPN', 'kpn.com'], ['Ziggo', 'ziggo.nl']], [
    ['North Holland', [['Amsterdam', '1012', 52.37, 4.92]]],
    ['South Holland', [['Rotterdam', '3011', 51.92, 4.48], ['The Hague', '2511', 52.08, 4.27]]],
  ]),
  country('IT', 'Italy', 'Europe', 4, 'Europe/Rome', [['TIM', 'tim.it'], ['Fastweb', 'fastweb.it'], ['WindTre', 'windtre.it']], [
    ['Lazio', [['Rome', '00184', 41.9, 12.48]]],
    ['Lombardy', [['Milan', '20121', 45.46, 9.21]]],
  ]),
  country('ES', 'Spain', 'Europe', 4, 'Europe/Madrid', [['Telefonica de Espana', 'telefonica.es'], ['Orange Espana', 'orange.es']], [
    ['Madrid', [['Madrid', '28013', 40.42, -3.68]]],
    ['Catalonia', [['Barcelona', '08002', 41.39, 2.18]]],
  ]),
  country('PL', 'Poland', 'Europe', 3, 'Europe/Warsaw', [['Orange Polska', 'orange.pl'], ['Netia', 'netia.pl']], [
    ['Masovia', [['Warsaw', '00-001', 52.23, 21]]],
    ['Lesser Poland', [['Krakow', '30-001', 50.06, 19.96]]],
  ]),
  country('SE', 'Sweden', 'Europe', 2, 'Europe/Stockholm', [['Telia', 'telia.se'], ['Bahnhof', 'bahnhof.se']], [['Stockholm', [['Stockholm', '111 20', 59.33, 18.1]]]]),
  country('UA', 'Ukraine', 'Europe', 2, 'Europe/Kyiv', [['Kyivstar', 'kyivstar.ua'], ['Ukrtelecom', 'ukrtelecom.ua']], [['Kyiv', [['Kyiv', '01001', 50.45, 30.52]]]]),

  country('AU', 'Australia', 'Oceania', 6, 'Australia/Sydney', [['Telstra', 'telstra.com.au'], ['Optus', 'optus.com.au'], ['TPG Telecom', 'tpg.com.au']], [
    ['New South Wales', [['Sydney', '2000', -33.87, 151.19], ['Newcastle', '2300', -32.93, 151.81]]],
    ['Victoria', [['Melbourne', '3000', -37.81, 144.97]]],
    ['Queensland', [['Brisbane', '4000', -27.47, 153.04]]],
    ['Western Australia', [['Perth', '6000', -31.95, 115.84]]],
  ]),
  country('NZ', 'New Zealand', 'Oceania', 2, 'Pacific/Auckland', [['Spark New Zealand', 'spark.co.nz'], ['One NZ', 'one.nz']], [
    ['Auckland', [['Auckland', '1010', -36.85, 174.76]]],
    ['Wellington', [['Wellington', '6011', -41.29, 174.78]]],
  ]),
  country('FJ', 'Fiji', 'Oceania', 1, 'Pacific/Fiji', [['Vodafone Fiji', 'vodafone.com.fj']], [['Central', [['Suva', '0000', -18.14, 178.44]]]]),

  country('JP', 'Japan', 'Asia', 6, 'Asia/Tokyo', [['NTT Communications', 'ntt.com'], ['KDDI', 'kddi.com'], ['SoftBank', 'softbank.jp']], [
    ['Tokyo', [['Tokyo', '100-0001', 35.68, 139.75]]],
    ['Osaka', [['Osaka', '530-0001', 34.69, 135.46]]],
  ]),
  country('SG', 'Singapore', 'Asia', 3, 'Asia/Singapore', [['Singtel', 'singtel.com'], ['StarHub', 'starhub.com']], [['Singapore', [['Singapore', '018956', 1.29, 103.86]]]]),
  country('IN', 'India', 'Asia', 5, 'Asia/Kolkata', [['Reliance Jio', 'jio.com'], ['Bharti Airtel', 'airtel.in']], [
    ['Maharashtra', [['Mumbai', '400001', 19.08, 72.86], ['Pune', '411001', 18.52, 73.85]]],
    ['Delhi', [['New Delhi', '110001', 28.61, 77.2]]],
    ['Karnataka', [['Bengaluru', '560001', 12.97, 77.56]]],
  ]),
  country('KR', 'South Korea', 'Asia', 3, 'Asia/Seoul', [['KT Corporation', 'kt.com'], ['SK Broadband', 'skbroadband.com']], [['Seoul', [['Seoul', '04524', 37.57, 127]]], ['Busan', [['Busan', '48058', 35.18, 129.01]]]]),
  country('TH', 'Thailand', 'Asia', 2, 'Asia/Bangkok', [['True Internet', 'trueinternet.co.th'], ['AIS', 'ais.co.th']], [['Bangkok', [['Bangkok', '10200', 13.76, 100.52]]]]),
  country('VN', 'Vietnam', 'Asia', 2, 'Asia/Ho_Chi_Minh', [['Viettel', 'viettel.com.vn'], ['VNPT', 'vnpt.vn']], [['Ho Chi Minh City', [['Ho Chi Minh City', '700000', 10.82, 106.69]]], ['Hanoi', [['Hanoi', '100000', 21.03, 105.85]]]]),
  country('PH', 'Philippines', 'Asia', 2, 'Asia/Manila', [['PLDT', 'pldt.com'], ['Globe Telecom', 'globe.com.ph']], [['Metro Manila', [['Manila', '1000', 14.6, 120.98]]]]),
  country('AE', 'United Arab Emirates', 'Asia', 1, 'Asia/Dubai', [['Etisalat', 'etisalat.ae'], ['du', 'du.ae']], [['Dubai', [['Dubai', '00000', 25.2, 55.28]]]]),

  country('ZA', 'South Africa', 'Africa', 4, 'Africa/Johannesburg', [['Telkom SA', 'telkom.co.za'], ['Vodacom', 'vodacom.co.za'], ['MTN South Africa', 'mtn.co.za']], [
    ['Gauteng', [['Johannesburg', '2001', -26.2, 28.03], ['Pretoria', '0002', -25.75, 28.23]]],
    ['Western Cape', [['Cape Town', '8001', -33.92, 18.43]]],
  ]),
  country('NG', 'Nigeria', 'Africa', 3, 'Africa/Lagos', [['MTN Nigeria', 'mtnonline.com'], ['Airtel Nigeria', 'airtel.com.ng']], [['Lagos', [['Lagos', '100001', 6.52, 3.39]]], ['Federal Capital Territory', [['Abuja', '900001', 9.08, 7.53]]]]),
  country('EG', 'Egypt', 'Africa', 3, 'Africa/Cairo', [['Telecom Egypt', 'te.eg'], ['Vodafone Egypt', 'vodafone.com.eg']], [['Cairo', [['Cairo', '11511', 30.04, 31.25]]], ['Alexandria', [['Alexandria', '21500', 31.2, 29.95]]]]),
  country('KE', 'Kenya', 'Africa', 2, 'Africa/Nairobi', [['Safaricom', 'safaricom.co.ke'], ['Airtel Kenya', 'airtel.co.ke']], [['Nairobi', [['Nairobi', '00100', -1.29, 36.82]]]]),
  country('MA', 'Morocco', 'Africa', 2, 'Africa/Casablanca', [['Maroc Telecom', 'iam.ma'], ['Orange Maroc', 'orange.ma']], [['Casablanca-Settat', [['Casablanca', '20000', 33.57, -7.62]]], ['Rabat-Sale-Kenitra', [['Rabat', '10000', 34.02, -6.84]]]]),
  country('GH', 'Ghana', 'Africa', 1, 'Africa/Accra', [['MTN Ghana', 'mtn.com.gh']], [['Greater Accra', [['Accra', '00233', 5.6, -0.22]]]]),
];
