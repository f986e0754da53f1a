// GET /api/proxy/place: where a ZIP code, a city or a US state is, the point the dashboard's distance filter
// measures from (marketplace/places.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Place, PlaceQuery } from 'contract/places';
import { HttpError } from '../../../http/errors.ts';
import { errors } from '../../../http/schemas.ts';
import { marketMessages } from '../../../marketplace/market-messages.ts';
import { createPlaceLookup } from '../../../marketplace/places.ts';

const place: FastifyPluginAsyncTypebox = async (app) => {
  const places = createPlaceLookup();
  app.get(
    '/place',
    {
      schema: {
        summary: 'Where a US ZIP code, a city ("Austin, TX", "Berlin, DE") or a US state is: the distance filter\'s point',
        querystring: PlaceQuery,
        response: { 200: Place, ...errors(400, 404) },
      },
    },
    async (request) => {
      const place = places.find(request.query.q);
      if (!place) throw new HttpError(404, marketMessages.unknownPlace(request.query.q));
      return place;
    },
  );
};

export default place;
