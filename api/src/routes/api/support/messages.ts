// /api/support/message: the messages of a customer's own ticket, and a reply in it. Another user's ticket is
// a 404, exactly like a missing one.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AddMessageRequest, TicketMessage, TicketPathParams } from 'contract/support';
import { supportMessages } from 'contract/support-rules';
import Type from 'typebox';
import { HttpError } from '../../../http/errors.ts';
import { errors } from '../../../http/schemas.ts';
import { currentUser } from '../../../plugins/auth.ts';
import { checkText } from '../../../support/ticket-rules.ts';
import { checked, ticketIdOr404 } from './ticket-input.ts';

const ticketMessages: FastifyPluginAsyncTypebox = async (app) => {
  const tickets = app.repositories.tickets;

  app.get(
    '/message/:id',
    {
      schema: {
        summary: "The ticket's messages, oldest first",
        params: TicketPathParams,
        response: { 200: Type.Array(TicketMessage), ...errors(404) },
      },
    },
    async (request) => {
      const messages = await tickets.messagesForOwner(ticketIdOr404(request.params.id), currentUser(request).id);
      if (!messages) throw new HttpError(404, supportMessages.ticketNotFound);
      return messages;
    },
  );

  app.post(
    '/message',
    {
      schema: {
        summary: 'Reply in an open ticket; a closed ticket answers 409',
        body: AddMessageRequest,
        response: { 201: TicketMessage, ...errors(400, 404, 409) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const ticketId = ticketIdOr404(request.body.ticketId);
      const text = checked(checkText(request.body.text));
      const result = await tickets.addOwnerMessage(ticketId, user.id, text);
      if (!result.ok) {
        if (result.reason === 'closed') throw new HttpError(409, supportMessages.ticketClosed);
        throw new HttpError(404, supportMessages.ticketNotFound);
      }
      app.notifyTicket(user.id, ticketId);
      return reply.code(201).send(result.value.message);
    },
  );
};

export default ticketMessages;
