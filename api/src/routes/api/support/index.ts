// /api/support: a customer's support tickets (their messages in messages.ts, the desk under ./desk). Every
// route answers about the caller's own tickets only: another user's ticket is a 404, exactly like a missing one.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  CreateTicketRequest,
  RefundableProxy,
  SupportLinks,
  Ticket,
  TicketOrList,
  TicketPathParams,
  UpdateTicketRequest,
} from 'contract/support';
import { supportMessages } from 'contract/support-rules';
import Type from 'typebox';
import { HttpError } from '../../../http/errors.ts';
import { errors } from '../../../http/schemas.ts';
import { currentUser } from '../../../plugins/auth.ts';
import { checkCategory, checkStatus, checkText } from '../../../support/ticket-rules.ts';
import { checked, ticketIdOr404 } from './ticket-input.ts';

const HOUR_MS = 60 * 60 * 1000;

const support: FastifyPluginAsyncTypebox = async (app) => {
  const tickets = app.repositories.tickets;
  const { support } = app.config;

  app.post(
    '/ticket',
    {
      config: {
        // Counted per account after sign-in (preHandler), so one customer cannot flood the desk from many
        // addresses and customers behind one address do not share a budget.
        rateLimit: {
          max: support.ticketsPerHour,
          timeWindow: HOUR_MS,
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip,
        },
      },
      schema: {
        summary: 'Open a ticket with its first message; a Refund Proxy ticket may name a recent purchase (historyId)',
        body: CreateTicketRequest,
        response: { 201: Ticket, ...errors(400, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const category = checked(checkCategory(request.body.category));
      const text = checked(checkText(request.body.text));
      const historyId = request.body.historyId ?? null;
      if (historyId !== null && category !== 'Refundpolicy') throw new HttpError(400, supportMessages.proxyOnlyForRefunds);

      const result = await tickets.create(user.id, { category, text, historyId }, { maxOpen: support.maxOpenTickets, now: new Date() });
      if (!result.ok) {
        switch (result.reason) {
          case 'too-many-open':
            throw new HttpError(409, supportMessages.tooManyOpen(support.maxOpenTickets));
          case 'proxy-not-found':
            throw new HttpError(404, supportMessages.proxyNotFound);
          case 'proxy-too-old':
            throw new HttpError(409, supportMessages.proxyTooOld);
          case 'proxy-already-ticketed':
            throw new HttpError(409, supportMessages.proxyAlreadyTicketed);
          case 'proxy-replaced':
            throw new HttpError(409, supportMessages.proxyReplaced);
        }
      }
      app.notifyTicket(user.id, result.ticket._id);
      return reply.code(201).send(result.ticket);
    },
  );

  app.get(
    '/ticket/:id',
    {
      schema: {
        summary: "With the caller's own user id: their tickets, newest first. With a ticket id: that ticket with its messages",
        params: TicketPathParams,
        response: { 200: TicketOrList, ...errors(404) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      // One path serves both the list and a ticket; only the caller's own id lists.
      if (request.params.id === user.id) return tickets.listForOwner(user.id);
      const ticket = await tickets.findForOwner(ticketIdOr404(request.params.id), user.id);
      if (!ticket) throw new HttpError(404, supportMessages.ticketNotFound);
      return ticket;
    },
  );

  app.put(
    '/ticket/:id',
    {
      schema: {
        summary: 'Close the ticket ({status: "Closed"}); only support reopens',
        params: TicketPathParams,
        body: UpdateTicketRequest,
        response: { 200: Ticket, ...errors(400, 403, 404) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const ticketId = ticketIdOr404(request.params.id);
      const status = checked(checkStatus(request.body.status));
      if (status === 'open') {
        // Reopening is support's decision; say so only to the ticket's owner.
        if (!(await tickets.findForOwner(ticketId, user.id))) throw new HttpError(404, supportMessages.ticketNotFound);
        throw new HttpError(403, supportMessages.onlySupportReopens);
      }
      const result = await tickets.closeForOwner(ticketId, user.id);
      if (!result.ok) throw new HttpError(404, supportMessages.ticketNotFound);
      app.notifyTicket(user.id, ticketId);
      return result.value;
    },
  );

  app.get(
    '/refundable',
    {
      schema: {
        summary: 'Purchases a Refund Proxy ticket may still name: bought within the refund window, not yet named',
        response: { 200: Type.Array(RefundableProxy) },
      },
    },
    async (request) => tickets.refundableProxies(currentUser(request).id, new Date()),
  );

  app.get(
    '/links',
    {
      schema: {
        summary: "The support page's footer links the operator configured (null: not shown)",
        response: { 200: SupportLinks },
      },
    },
    async (): Promise<SupportLinks> => support.links,
  );
};

export default support;
