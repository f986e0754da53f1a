import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from 'test-kit/fake-api';
import { deskSummary, deskTicket, message, renderSupport, signIn, USER_ID, userDetails } from '../test/support-kit';

const ID = 'abcdef123456-ticket';
const ME = `GET /api/users/${USER_ID}`;
const refundTicket = deskTicket({
  category: 'Refundpolicy',
  proxy: { historyId: 4, ip: '198.18.0.7', country: 'US', purchasedAt: '2026-11-20T09:00:00.000Z', price: 0.8 },
});

describe('the support desk (/support/desk)', () => {
  beforeEach(signIn);

  it('is not shown to customers outside support', async () => {
    const fake = fakeApi({ [ME]: userDetails() });
    await renderSupport('/support/desk');
    expect(await screen.findByRole('alert')).toHaveTextContent('The support desk is for members of the support team.');
    expect(fake.callsTo('GET /api/support/desk/tickets')).toHaveLength(0);
  });

  it('lists open tickets oldest first as the API orders them, and filters by status and category', async () => {
    const fake = fakeApi({
      [ME]: userDetails(['support']),
      'GET /api/support/desk/tickets': (_call, request) => {
        const category = new URL(request.url).searchParams.get('category');
        return {
          body: category
            ? [deskSummary({ _id: 'bbbbbb-billing', category: 'Billing' })]
            : [deskSummary(), deskSummary({ _id: '222222-second', owner: { _id: 'c2', username: 'dave' }, awaitingSupport: false })],
        };
      },
    });
    const user = userEvent.setup();
    await renderSupport('/support/desk');
    const list = await screen.findByRole('list', { name: 'Desk tickets' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Ticket #abcdef');
    expect(items[0]).toHaveTextContent('from carol');
    expect(items[0]).toHaveTextContent('Awaiting reply');
    expect(items[1]).toHaveTextContent('from dave');
    expect(items[1]).not.toHaveTextContent('Awaiting reply');
    expect(within(items[0] as HTMLElement).getByRole('link', { name: 'Ticket #abcdef' })).toHaveAttribute('href', `/support/desk/${ID}`);
    expect(new URL(fake.requests[fake.requests.length - 1]?.url ?? '').search).toBe('?status=open');

    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(screen.getByRole('option', { name: 'Billing' }));
    expect(await screen.findByText('Ticket #bbbbbb')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'All' }));
    await waitFor(() => expect(new URL(fake.requests[fake.requests.length - 1]?.url ?? '').search).toBe('?category=Billing'));
  });

  it('answers as support and closes; a closed ticket can be reopened', async () => {
    let current = deskTicket();
    const fake = fakeApi({
      [ME]: userDetails(['support']),
      [`GET /api/support/desk/ticket/${ID}`]: () => ({ body: current }),
      'POST /api/support/desk/message': { status: 201, body: message({ _id: 'm2', text: 'On it', fromSupport: true }) },
      [`PUT /api/support/desk/ticket/${ID}`]: (call) => {
        current = deskTicket({ status: (call.body as { status: 'open' | 'Closed' }).status });
        return { body: current };
      },
    });
    const user = userEvent.setup();
    await renderSupport(`/support/desk/${ID}`);
    expect(await screen.findByRole('heading', { name: 'Ticket #abcdef' })).toBeInTheDocument();
    expect(screen.getByText('from carol')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Reply as support' }), 'On it');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(fake.callsTo('POST /api/support/desk/message')[0]?.body).toEqual({ ticketId: ID, text: 'On it' }));

    await user.click(screen.getByRole('button', { name: 'Close ticket' }));
    expect(await screen.findByRole('button', { name: 'Reopen ticket' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Reply as support' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reopen ticket' }));
    expect(await screen.findByRole('textbox', { name: 'Reply as support' })).toBeInTheDocument();
    expect(fake.callsTo(`PUT /api/support/desk/ticket/${ID}`).map((call) => call.body)).toEqual([{ status: 'Closed' }, { status: 'open' }]);
  });

  it('approves the refund of the named proxy with one action', async () => {
    let current = refundTicket;
    const fake = fakeApi({
      [ME]: userDetails(['support']),
      [`GET /api/support/desk/ticket/${ID}`]: () => ({ body: current }),
      [`POST /api/support/desk/ticket/${ID}/refund`]: () => {
        current = { ...refundTicket, refund: { amount: 0.8, createdAt: '2026-11-20T12:00:00.000Z' } };
        return { body: { ticket: current, amount: 0.8 } };
      },
    });
    const user = userEvent.setup();
    await renderSupport(`/support/desk/${ID}`);
    await user.click(await screen.findByRole('button', { name: 'Approve refund of $0.80' }));
    expect(await screen.findByText('Refund of $0.80 approved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: /Approve refund/ })).not.toBeInTheDocument());
    expect(screen.getByText(/Refunded \$0\.80 on/)).toBeInTheDocument();
    expect(fake.callsTo(`POST /api/support/desk/ticket/${ID}/refund`)).toHaveLength(1);
  });

  it("shows the server's reason when an approval is refused", async () => {
    fakeApi({
      [ME]: userDetails(['support']),
      [`GET /api/support/desk/ticket/${ID}`]: { body: refundTicket },
      [`POST /api/support/desk/ticket/${ID}/refund`]: { status: 409, body: { message: 'This proxy has already been refunded.' } },
    });
    const user = userEvent.setup();
    await renderSupport(`/support/desk/${ID}`);
    await user.click(await screen.findByRole('button', { name: 'Approve refund of $0.80' }));
    await act(async () => undefined);
    expect(await screen.findByText('This proxy has already been refunded.')).toBeInTheDocument();
  });
});
