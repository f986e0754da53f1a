// GET /api/proxy/place?q=…: the point the marketplace's distance filter measures from.
import Type, { type Static } from 'typebox';
import { PLACE_QUERY_MAX_LENGTH } from 'contract/limits';

/** A ZIP code, a city or a US state: "78701", "Austin, TX", "Berlin, DE", "Texas". */
export const PlaceQuery = Type.Object({ q: Type.String({ minLength: 2, maxLength: PLACE_QUERY_MAX_LENGTH }) });
export type PlaceQuery = Static<typeof PlaceQuery>;

/** The place found: its name as the filter shows it, and where it is (degrees). */
export const Place = Type.Object({ name: Type.String(), latitude: Type.Number(), longitude: Type.Number() });
export type Place = Static<typeof Place>;
