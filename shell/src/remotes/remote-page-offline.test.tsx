import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders } from 'shared/ui/app-providers';
import { RemotePage, UNAVAILABLE_MESSAGE, type RemoteLoader } from './remote-page';

// The panel's own chunk cannot load either, as when the network is gone.
jest.mock('./remote-failure-panel', () => {
  throw new Error('chunk unreachable');
});

describe('RemotePage without the failure panel', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('still says the section is unavailable and offers Retry, and the rest of the page stays', async () => {
    let online = false;
    const loader = jest.fn<ReturnType<RemoteLoader>, Parameters<RemoteLoader>>(async () => {
      if (!online) throw new Error('manifest unreachable');
      return { default: () => <p>remote page</p> };
    });
    await act(async () => {
      render(
        <AppProviders>
          <p>top bar</p>
          <RemotePage module="history/HistoryPage" loader={loader} />
        </AppProviders>,
      );
    });
    expect(await screen.findByText(UNAVAILABLE_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText('top bar')).toBeInTheDocument();

    online = true;
    await act(async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    });
    expect(await screen.findByText('remote page')).toBeInTheDocument();
  });
});
