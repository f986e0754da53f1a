// Every refusal and failure of the API answers with this body, whatever the status.
import Type, { type Static } from 'typebox';

export const ErrorBody = Type.Object({ message: Type.String() });
export type ErrorBody = Static<typeof ErrorBody>;

/** A success answer that is only a sentence for the user ("Logged out", "Password changed"). */
export const MessageResponse = Type.Object({ message: Type.String() });
export type MessageResponse = Static<typeof MessageResponse>;
