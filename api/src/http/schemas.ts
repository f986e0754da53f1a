// TypeBox schemas shared by several routes. The wire shapes are the types in shared/api/contract.ts;
// handlers annotate what they send with those types, so the two cannot drift apart.
import Type from 'typebox';

export const ErrorBody = Type.Object({ message: Type.String() });

export const MessageBody = Type.Object({ message: Type.String() });

export const UserInfo = Type.Object({
  _id: Type.String(),
  username: Type.String(),
  email: Type.String(),
});

export const UserDetails = Type.Object({
  _id: Type.String(),
  username: Type.String(),
  email: Type.String(),
  /** Dollars (SPEC wire format); cents inside the API. */
  balance: Type.Number(),
});

/** The error statuses a route can answer with, each as `{message}`. */
export function errors<const Codes extends readonly number[]>(...codes: Codes) {
  return Object.fromEntries(codes.map((code) => [code, ErrorBody])) as { [K in Codes[number]]: typeof ErrorBody };
}

/** Routes behind `app.authenticate` answer 401 when the token is missing, invalid, expired or revoked. */
export const bearerAuth = [{ bearerAuth: [] }];
