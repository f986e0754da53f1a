// /api/support/desk: the support desk. Members of support see every ticket, answer as the shop's support,
// close and reopen tickets and approve refunds. Membership is checked on every call, before the body is
// even read, so a revoked member loses access with their next request.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AddMessageRequest, DeskQuery, DeskTicket, DeskTicketSummary, RefundResponse, TicketMessage, TicketPathParams, UpdateTicketRequest } from 'contract/support';
import { centsToDollars } from 'contract/money';
import { supportMessages } from 'contract/support-rules';
import Type from 'typebox';
import { HttpError } from '../../../../http/errors.ts';
import { errors } from '../../../../http/schemas.ts';
import { currentUser } from '../../../../plugins/auth.ts';
import { checkCategory, checkStatus, checkText } from '../../../../support/ticket-rules.ts';
import { checked, ticketIdOr404 } from '../ticket-input.ts';

const desk: FastifyPluginAsyncTypebox = async (app) => {
  const tickets = app.repositories.tickets;
  const roles = app.repositories.supportRoles;

  // preParsing: after the session check (onRequest), before the body is parsed or validated, so someone
  // outside support learns nothing from the desk, not even which input would be valid.
  app.addHook('preParsing', async (request) => {
    if (!(await roles.isMember(currentUser(request)))) throw new HttpError(403, supportMessages.supportOnly);
  });

  app.get(
    '/tickets',
    {
      schema: {
        summary: 'Every ticket, oldest first, optionally by status (open, Closed) and category',
        querystring: DeskQuery,
        response: { 200: Type.Array(DeskTicketSummary), ...errors(400, 403) },
      },
    },
    async (request) => {
      const { status, category } = request.query;
      return tickets.deskList({
        status: status === undefined || status === '' ? null : checked(checkStatus(status)),
        category: category === undefined || category === '' ? null : checked(checkCategory(category)),
      });
    },
  );

  app.get(
    '/ticket/:id',
    {
      schema: {
        summary: 'Any ticket with its owner and messages',
        params: TicketPathParams,
        response: { 200: DeskTicket, ...errors(403, 404) },
      },
    },
    async (request) => {
      const ticket = await tickets.deskFind(ticketIdOr404(request.params.id));
      if (!ticket) throw new HttpError(404, supportMessages.ticketNotFound);
      return ticket;
    },
  );

  app.put(
    '/ticket/:id',
    {
      schema: {
        summary: 'Close ({status: "Closed"}) or reopen ({status: "open"}) any ticket',
        params: TicketPathParams,
        body: UpdateTicketRequest,
        response: { 200: DeskTicket, ...errors(400, 403, 404) },
      },
    },
    async (request) => {
      const ticketId = ticketIdOr404(request.params.id);
      const status = checked(checkStatus(request.body.status));
      const result = await tickets.deskSetStatus(ticketId, status);
      if (!result.ok) throw new HttpError(404, supportMessages.ticketNotFound);
      app.notifyTicket(result.value.owner._id, ticketId);
      return result.value;
    },
  );

  app.post(
    '/message',
    {
      schema: {
        summary: "Answer in an open ticket as the shop's support; the customer is notified live and by mail",
        body: AddMessageRequest,
        response: { 201: TicketMessage, ...errors(400, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const staff = currentUser(request);
      const ticketId = ticketIdOr404(request.body.ticketId);
      const text = checked(checkText(request.body.text));
      const result = await tickets.addSupportMessage(ticketId, staff.id, text);
      if (!result.ok) {
        if (result.reason === 'closed') throw new HttpError(409, supportMessages.ticketClosed);
        throw new HttpError(404, supportMessages.ticketNotFound);
      }
      const { message, owner, mailJob } = result.value;
      app.notifyTicket(owner.id, ticketId);
      // Queued with the reply; a mail server that is down delays the mail, never the reply.
      if (mailJob !== null) await app.jobs.attempt(mailJob);
      return reply.code(201).send(message);
    },
  );

  app.post(
    '/ticket/:id/refund',
    {
      schema: {
        summary: "Approve the refund a Refund Proxy ticket asks for: credits the purchase price once, ends the proxy's lease",
        params: TicketPathParams,
        response: { 200: RefundResponse, ...errors(403, 404, 409) },
      },
    },
    async (request): Promise<RefundResponse> => {
      const staff = currentUser(request);
      const ticketId = ticketIdOr404(request.params.id);
      const result = await tickets.approveRefund(ticketId, staff.id, new Date());
      if (!result.ok) {
        if (result.reason === 'not-found') throw new HttpError(404, supportMessages.ticketNotFound);
        if (result.reason === 'not-refund-ticket') throw new HttpError(409, supportMessages.notRefundTicket);
        if (result.reason === 'replaced') throw new HttpError(409, supportMessages.replacedNotRefunded);
        throw new HttpError(409, supportMessages.alreadyRefunded);
      }
      app.notifyBalance(result.ownerId);
      app.notifyTicket(result.ownerId, ticketId);
      await app.jobs.attempt(result.mailJob);
      const ticket = await tickets.deskFind(ticketId);
      if (!ticket) throw new HttpError(404, supportMessages.ticketNotFound);
      return { ticket, amount: centsToDollars(result.amountCents) };
    },
  );
};

export default desk;
