import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { loginSucceededAtom } from 'shared/auth/auth-atoms';
import { appQueryClient } from 'shared/query/query-client';
import { appStore } from 'shared/store/app-store';
import { AppProviders } from 'shared/ui/app-providers';
import { fakeApi } from 'test-kit/fake-api';
import { OPERATORS_ONLY_MESSAGE } from '../pages/forbidden-page';
import RequireOperator from './require-operator';

const ME = 'GET /api/users/u1';
const details = (roles: string[]) => ({ body: { _id: 'u1', username: 'alice', email: 'a@example.com', balance: 0, roles } });

async function renderGuarded() {
  await act(async () => {
    render(
      <AppProviders>
        <MemoryRouter initialEntries={['/operator']}>
          <RequireOperator>
            <p>the console</p>
          </RequireOperator>
        </MemoryRouter>
      </AppProviders>,
    );
  });
}

describe('RequireOperator', () => {
  beforeEach(() => {
    appQueryClient.clear();
    appStore.set(loginSucceededAtom, { token: 'tok', userInfo: { _id: 'u1', username: 'alice', email: 'a@example.com' } });
  });

  it.each([[[]], [['support']]])('shows a customer or support member (roles %j) the 403 page, not the console', async (roles) => {
    fakeApi({ [ME]: details(roles) });
    await renderGuarded();
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(OPERATORS_ONLY_MESSAGE);
    expect(screen.queryByText('the console')).not.toBeInTheDocument();
  });

  it('shows an operator the console', async () => {
    fakeApi({ [ME]: details(['operator']) });
    await renderGuarded();
    expect(await screen.findByText('the console')).toBeInTheDocument();
  });
});
