// Route schema helpers. The wire shapes themselves are in the contract package.
import { ErrorBody } from 'contract/errors';

/** The error statuses a route can answer with, each as `{message}`. */
export function errors<const Codes extends readonly number[]>(...codes: Codes) {
  return Object.fromEntries(codes.map((code) => [code, ErrorBody])) as { [K in Codes[number]]: typeof ErrorBody };
}
