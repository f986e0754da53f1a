import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDateTime } from 'shared/format/date';
import { fakeApi } from 'test-kit/fake-api';
import { renderSupport, signIn, summary, ticket, USER_ID, userDetails } from '../test/support-kit';

const LIST = `GET /api/support/ticket/${USER_ID}`;
const noLinks = { body: { onion: null, messenger: null, status: null } };
const SPINNER_WAIT = { timeout: 4000 };

describe('the ticket list (/support)', () => {
  beforeEach(signIn);

  it('shows a spinner for 1.5 s, then the tickets newest first with number, date-time, preview link, category and status', async () => {
    jest.useFakeTimers();
    try {
      fakeApi({
        [LIST]: {
          body: [
            summary({ _id: 'fedcba987654-new', category: 'Refundpolicy', status: 'Closed', firstMessage: null, createdAt: '2026-11-21T08:00:00.000Z' }),
            summary(),
          ],
        },
        'GET /api/support/links': noLinks,
        [`GET /api/users/${USER_ID}`]: userDetails(),
      });
      await renderSupport('/support');
      expect(screen.getByRole('heading', { name: 'My Support Ticket' })).toBeInTheDocument();
      expect(screen.getByRole('progressbar', { name: 'Loading tickets' })).toBeInTheDocument();
      await act(async () => {
        jest.advanceTimersByTime(1400);
      });
      expect(screen.getByRole('progressbar', { name: 'Loading tickets' })).toBeInTheDocument();
      await act(async () => {
        jest.advanceTimersByTime(200);
      });
    } finally {
      jest.useRealTimers();
    }
    const items = within(screen.getByRole('list', { name: 'Tickets' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [newest, older] = items as [HTMLElement, HTMLElement];
    expect(within(newest).getByRole('heading', { name: 'Ticket #fedcba' })).toBeInTheDocument();
    expect(within(newest).getByText(formatDateTime('2026-11-21T08:00:00.000Z'))).toBeInTheDocument();
    expect(within(newest).getByRole('link', { name: 'No messages' })).toHaveAttribute('href', '/support/fedcba987654-new');
    expect(within(newest).getByText('Refund Proxy')).toBeInTheDocument();
    expect(within(newest).getByText('Closed')).toBeInTheDocument();

    expect(within(older).getByRole('heading', { name: 'Ticket #abcdef' })).toBeInTheDocument();
    expect(within(older).getByRole('link', { name: 'My proxy stopped w' })).toHaveAttribute('href', '/support/abcdef123456-ticket');
    expect(within(older).getByText('Tech Support')).toBeInTheDocument();
    expect(within(older).getByText('Open')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Support desk' })).not.toBeInTheDocument();
  });

  it("says 'No tickets found.' when there are none (also when the list answers 404)", async () => {
    const api = fakeApi({ [LIST]: { status: 404, body: { message: 'Not found' } }, 'GET /api/support/links': noLinks });
    await renderSupport('/support');
    expect(await screen.findByText('No tickets found.', {}, SPINNER_WAIT)).toBeInTheDocument();
    expect(api.callsTo(LIST)).toHaveLength(1);
  });

  it('shows only the footer links the operator configured, with their addresses', async () => {
    fakeApi({
      [LIST]: { body: [] },
      'GET /api/support/links': { body: { onion: 'http://shopabc.onion/', messenger: null, status: 'https://status.example.com/' } },
    });
    await renderSupport('/support');
    const nav = await screen.findByRole('navigation', { name: 'Other ways to reach support' });
    expect(within(nav).getByRole('link', { name: 'Onion site' })).toHaveAttribute('href', 'http://shopabc.onion/');
    expect(within(nav).getByRole('link', { name: 'Service status' })).toHaveAttribute('href', 'https://status.example.com/');
    expect(within(nav).queryByRole('link', { name: 'Support chat' })).not.toBeInTheDocument();
  });

  it('hides the footer when no link is configured', async () => {
    const api = fakeApi({ [LIST]: { body: [] }, 'GET /api/support/links': noLinks });
    await renderSupport('/support');
    await screen.findByText('No tickets found.', {}, SPINNER_WAIT);
    expect(api.callsTo('GET /api/support/links')).toHaveLength(1);
    expect(screen.queryByRole('navigation', { name: 'Other ways to reach support' })).not.toBeInTheDocument();
  });

  it('offers the support desk to members of support only', async () => {
    fakeApi({ [LIST]: { body: [] }, 'GET /api/support/links': noLinks, [`GET /api/users/${USER_ID}`]: userDetails(['support']) });
    await renderSupport('/support');
    expect(await screen.findByRole('link', { name: 'Support desk' })).toHaveAttribute('href', '/support/desk');
  });

  it("'Create Ticket' opens the inline form; Back returns to the list", async () => {
    fakeApi({ [LIST]: { body: [] }, 'GET /api/support/links': noLinks });
    const user = userEvent.setup();
    await renderSupport('/support');
    await user.click(screen.getByRole('button', { name: 'Create Ticket' }));
    expect(screen.getByRole('heading', { name: 'Create New Ticket' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/support');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'My Support Ticket' })).toBeInTheDocument();
  });

  it('a created ticket returns to the refreshed list', async () => {
    let tickets = [] as ReturnType<typeof summary>[];
    const api = fakeApi({
      [LIST]: () => ({ body: tickets }),
      'GET /api/support/links': noLinks,
      'POST /api/support/ticket': () => {
        tickets = [summary({ firstMessage: 'Billing question here' })];
        return { status: 201, body: ticket() };
      },
    });
    const user = userEvent.setup();
    await renderSupport('/support');
    await user.click(screen.getByRole('button', { name: 'Create Ticket' }));
    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(screen.getByRole('option', { name: 'Billing' }));
    await user.type(screen.getByRole('textbox', { name: 'Ticket text' }), 'Billing question here');
    await user.click(screen.getByRole('button', { name: 'Create Ticket' }));
    expect(await screen.findByText('Ticket created successfully!')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Billing question h' }, SPINNER_WAIT)).toBeInTheDocument();
    expect(api.callsTo('POST /api/support/ticket')[0]?.body).toEqual({ category: 'Billing', text: 'Billing question here' });
    await waitFor(() => expect(api.callsTo(LIST).length).toBeGreaterThanOrEqual(2));
  });
});
