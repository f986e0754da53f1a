import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDateTime } from 'shared/format/date';
import { appQueryClient } from 'shared/query/query-client';
import { queryKeys } from 'shared/query/query-keys';
import { fakeApi } from 'test-kit/fake-api';
import { message, renderSupport, signIn, ticket, USER_ID } from '../test/support-kit';

const ID = 'abcdef123456-ticket';
const ONE = `GET /api/support/ticket/${ID}`;

describe('the ticket page (/support/{id})', () => {
  beforeEach(signIn);

  it('shows the heading, status, and every message with sender, date-time and text', async () => {
    fakeApi({
      [ONE]: {
        body: ticket({
          messages: [
            message(),
            message({ _id: 'm2', text: 'We are looking into it', createdAt: '2026-11-20T11:00:00.000Z', senderId: { _id: null, username: 'Private Sock5 Support' }, fromSupport: true }),
          ],
        }),
      },
    });
    await renderSupport(`/support/${ID}`);
    expect(await screen.findByRole('heading', { name: 'Ticket #abcdef' })).toBeInTheDocument();
    expect(screen.getByText('Status: Open')).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Messages' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('alice');
    expect(items[0]).toHaveTextContent(formatDateTime('2026-11-20T10:15:00.000Z'));
    expect(items[0]).toHaveTextContent('My proxy stopped working');
    expect(items[1]).toHaveTextContent('Private Sock5 Support');
    expect(items[1]).toHaveTextContent('We are looking into it');
    expect(screen.getByRole('textbox', { name: 'Add a reply' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add reply' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'close ticket' })).toBeInTheDocument();
  });

  it('sends a reply as {ticketId, text}, ignores a whitespace-only one, and clears the box', async () => {
    const fake = fakeApi({ [ONE]: { body: ticket() }, 'POST /api/support/message': { status: 201, body: message({ _id: 'm9', text: 'More info' }) } });
    const user = userEvent.setup();
    await renderSupport(`/support/${ID}`);
    const box = await screen.findByRole('textbox', { name: 'Add a reply' });
    await user.type(box, '   ');
    await user.click(screen.getByRole('button', { name: 'Add reply' }));
    expect(fake.callsTo('POST /api/support/message')).toHaveLength(0);
    await user.clear(box);
    await user.type(box, 'More info');
    await user.click(screen.getByRole('button', { name: 'Add reply' }));
    await act(async () => undefined);
    expect(fake.callsTo('POST /api/support/message')[0]?.body).toEqual({ ticketId: ID, text: 'More info' });
    expect(box).toHaveValue('');
  });

  it("only logs a failed reply and keeps the text", async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeApi({ [ONE]: { body: ticket() }, 'POST /api/support/message': { status: 409, body: { message: 'closed' } } });
    const user = userEvent.setup();
    await renderSupport(`/support/${ID}`);
    const box = await screen.findByRole('textbox', { name: 'Add a reply' });
    await user.type(box, 'Are you there?');
    await user.click(screen.getByRole('button', { name: 'Add reply' }));
    await act(async () => undefined);
    expect(logged).toHaveBeenCalledWith('reply failed', expect.anything());
    expect(box).toHaveValue('Are you there?');
    logged.mockRestore();
  });

  it("'close ticket' asks first, then sends status 'Closed', returns to the list and says so", async () => {
    const fake = fakeApi({
      [ONE]: { body: ticket() },
      [`PUT /api/support/ticket/${ID}`]: { body: ticket({ status: 'Closed' }) },
      [`GET /api/support/ticket/${USER_ID}`]: { body: [] },
      'GET /api/support/links': { body: { onion: null, messenger: null, status: null } },
    });
    const user = userEvent.setup();
    await renderSupport(`/support/${ID}`);
    await user.click(await screen.findByRole('button', { name: 'close ticket' }));
    // Keeping it open sends nothing.
    const confirm = await screen.findByRole('dialog', { name: /^Close Ticket #/ });
    await user.click(within(confirm).getByRole('button', { name: 'Keep it open' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.callsTo(`PUT /api/support/ticket/${ID}`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'close ticket' }));
    await user.click(within(await screen.findByRole('dialog', { name: /^Close Ticket #/ })).getByRole('button', { name: 'Close ticket' }));
    expect(await screen.findByRole('heading', { name: 'My Support Ticket' })).toBeInTheDocument();
    expect(fake.callsTo(`PUT /api/support/ticket/${ID}`)[0]?.body).toEqual({ status: 'Closed' });
    expect(await screen.findByText(`Ticket #${ID.slice(0, 6)} closed`)).toBeInTheDocument();
  });

  it('a closed ticket shows no reply form; Back goes to /support', async () => {
    fakeApi({ [ONE]: { body: ticket({ status: 'Closed' }) } });
    const user = userEvent.setup();
    await renderSupport(`/support/${ID}`);
    expect(await screen.findByText('Status: Closed')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Add a reply' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add reply' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'close ticket' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/support$/);
  });

  it("shows a new message when the socket's ticket event refetches tickets, without a reload", async () => {
    let current = ticket();
    fakeApi({ [ONE]: () => ({ body: current }) });
    await renderSupport(`/support/${ID}`);
    await screen.findByRole('heading', { name: 'Ticket #abcdef' });
    current = ticket({ messages: [message(), message({ _id: 'm2', text: 'Refund approved', fromSupport: true, senderId: { _id: null, username: 'Private Sock5 Support' } })] });
    // What the shell does on the `ticket` event.
    await act(() => appQueryClient.invalidateQueries({ queryKey: queryKeys.ticketsRoot }));
    expect(await screen.findByText('Refund approved')).toBeInTheDocument();
  });

  it('names the purchase of a refund ticket and its refund', async () => {
    fakeApi({
      [ONE]: {
        body: ticket({
          category: 'Refundpolicy',
          proxy: { historyId: 4, ip: '198.18.0.7', country: 'US', purchasedAt: '2026-11-20T09:00:00.000Z', price: 0.8 },
          refund: { amount: 0.8, createdAt: '2026-11-20T12:00:00.000Z' },
        }),
      },
    });
    await renderSupport(`/support/${ID}`);
    expect(await screen.findByText(/Proxy 198\.18\.0\.7 \(US\), bought .* for \$0\.80\. Refunded \$0\.80 on/)).toBeInTheDocument();
  });

  it("says 'Ticket not found.' for a ticket that is not the customer's", async () => {
    fakeApi({ [ONE]: { status: 404, body: { message: 'Ticket not found.' } } });
    await renderSupport(`/support/${ID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Ticket not found.');
  });
});
