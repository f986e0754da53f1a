// Shared setup of the support page tests: a signed-in customer, the page at a route, and tickets as the API
// sends them.
import { act, render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { DeskTicket, DeskTicketSummary, Ticket, TicketMessage, TicketSummary } from 'contract/support';
import { loginSucceededAtom } from 'shared/auth/auth-atoms';
import { appQueryClient } from 'shared/query/query-client';
import { appStore } from 'shared/store/app-store';
import { AppProviders } from 'shared/ui/app-providers';
import SupportPage from '../support-page';

export const USER_ID = 'u1';

export function signIn() {
  appQueryClient.clear();
  appStore.set(loginSucceededAtom, { token: 'tok', userInfo: { _id: USER_ID, username: 'alice', email: 'a@example.com' } });
}

export function userDetails(roles: Array<'support'> = []) {
  return { body: { _id: USER_ID, username: 'alice', email: 'a@example.com', balance: 10, roles } };
}

/** Where the router is, for asserting navigation. */
function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

export async function renderSupport(path: string) {
  await act(async () => {
    render(
      <AppProviders>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/support/*" element={<SupportPage />} />
          </Routes>
          <Location />
        </MemoryRouter>
      </AppProviders>,
    );
  });
}

export function message(overrides: Partial<TicketMessage> = {}): TicketMessage {
  return {
    _id: 'm1',
    ticketId: 'abcdef123456-ticket',
    text: 'My proxy stopped working',
    createdAt: '2026-11-20T10:15:00.000Z',
    senderId: { _id: USER_ID, username: 'alice' },
    fromSupport: false,
    ...overrides,
  };
}

export function summary(overrides: Partial<TicketSummary> = {}): TicketSummary {
  return {
    _id: 'abcdef123456-ticket',
    category: 'Techsupport',
    status: 'open',
    createdAt: '2026-11-20T10:15:00.000Z',
    proxy: null,
    refund: null,
    firstMessage: 'My proxy stopped working after an hour',
    ...overrides,
  };
}

export function ticket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    _id: 'abcdef123456-ticket',
    category: 'Techsupport',
    status: 'open',
    createdAt: '2026-11-20T10:15:00.000Z',
    proxy: null,
    refund: null,
    messages: [message()],
    ...overrides,
  };
}

export function deskSummary(overrides: Partial<DeskTicketSummary> = {}): DeskTicketSummary {
  return { ...summary(), owner: { _id: 'c1', username: 'carol' }, lastMessageAt: '2026-11-20T10:15:00.000Z', awaitingSupport: true, ...overrides };
}

export function deskTicket(overrides: Partial<DeskTicket> = {}): DeskTicket {
  return { ...ticket(), owner: { _id: 'c1', username: 'carol' }, ...overrides };
}
