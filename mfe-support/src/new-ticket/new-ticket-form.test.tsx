import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeRoute } from 'test-kit/fake-api';
import { renderSupport, signIn, ticket, USER_ID } from '../test/support-kit';

const refundable = [
  { historyId: 41, ip: '198.18.0.7', country: 'US', purchasedAt: '2026-11-20T09:00:00.000Z', price: 0.8 },
  { historyId: 40, ip: '198.18.0.9', country: 'DE', purchasedAt: '2026-11-20T08:00:00.000Z', price: 1.25 },
];

function api(create: FakeRoute = { status: 201, body: ticket() }) {
  return fakeApi({
    [`GET /api/support/ticket/${USER_ID}`]: { body: [] },
    'GET /api/support/links': { body: { onion: null, messenger: null, status: null } },
    'GET /api/support/refundable': { body: refundable },
    'POST /api/support/ticket': create,
  });
}

describe("the new ticket form ('Create New Ticket', /support/new)", () => {
  beforeEach(signIn);

  it('offers the four categories by their display names', async () => {
    api();
    const user = userEvent.setup();
    await renderSupport('/support/new');
    expect(screen.getByRole('heading', { name: 'Create New Ticket' })).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'General',
      'Billing',
      'Tech Support',
      'Refund Proxy',
    ]);
  });

  it("says 'All fields are required.' without a category or with a blank text, and sends nothing", async () => {
    const fake = api();
    const user = userEvent.setup();
    await renderSupport('/support/new');
    await user.type(screen.getByRole('textbox', { name: 'Ticket text' }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Create Ticket' }));
    expect(await screen.findByText('All fields are required.')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(screen.getByRole('option', { name: 'General' }));
    await user.clear(screen.getByRole('textbox', { name: 'Ticket text' }));
    await user.type(screen.getByRole('textbox', { name: 'Ticket text' }), '    ');
    await user.click(screen.getByRole('button', { name: 'Create Ticket' }));
    expect(fake.callsTo('POST /api/support/ticket')).toHaveLength(0);
  });

  it("sends the stored category name and goes back to the list with 'Ticket created successfully!'", async () => {
    const fake = api();
    const user = userEvent.setup();
    await renderSupport('/support/new');
    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(screen.getByRole('option', { name: 'Tech Support' }));
    await user.type(screen.getByRole('textbox', { name: 'Ticket text' }), 'Slow proxy');
    await user.click(screen.getByRole('button', { name: 'Create Ticket' }));
    expect(await screen.findByText('Ticket created successfully!')).toBeInTheDocument();
    expect(fake.callsTo('POST /api/support/ticket')[0]?.body).toEqual({ category: 'Techsupport', text: 'Slow proxy' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/support$/));
  });

  it('a Refund Proxy ticket may name one of the recent purchases', async () => {
    const fake = api();
    const user = userEvent.setup();
    await renderSupport('/support/new');
    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(screen.getByRole('option', { name: 'Refund Proxy' }));
    await user.click(await screen.findByRole('combobox', { name: 'Proxy' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'No particular proxy',
      expect.stringContaining('198.18.0.7 (US)'),
      expect.stringContaining('198.18.0.9 (DE)'),
    ]);
    expect(options[1]).toHaveTextContent('$0.80');
    await user.click(options[1] as HTMLElement);
    await user.type(screen.getByRole('textbox', { name: 'Ticket text' }), 'It went offline');
    await user.click(screen.getByRole('button', { name: 'Create Ticket' }));
    await screen.findByText('Ticket created successfully!');
    expect(fake.callsTo('POST /api/support/ticket')[0]?.body).toEqual({ category: 'Refundpolicy', text: 'It went offline', historyId: 41 });
  });

  it("on failure: toast 'Failed to create ticket.' and the inline 'Error creating ticket: …' with the server's reason", async () => {
    api({ status: 409, body: { message: 'You already have 5 open tickets. Close one before opening another.' } });
    const user = userEvent.setup();
    await renderSupport('/support/new');
    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(screen.getByRole('option', { name: 'General' }));
    await user.type(screen.getByRole('textbox', { name: 'Ticket text' }), 'Another one');
    await user.click(screen.getByRole('button', { name: 'Create Ticket' }));
    expect(await screen.findByText('Failed to create ticket.')).toBeInTheDocument();
    expect(screen.getByText('Error creating ticket: You already have 5 open tickets. Close one before opening another.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/support/new');
  });

  it('Back leaves /support/new for the list', async () => {
    api();
    const user = userEvent.setup();
    await renderSupport('/support/new');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/support$/);
  });
});
