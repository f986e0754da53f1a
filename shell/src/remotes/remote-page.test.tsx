import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders } from 'shared/ui/app-providers';
import { RemotePage, UNAVAILABLE_MESSAGE, type RemoteLoader } from './remote-page';

function Page() {
  return <p>remote page</p>;
}

describe('RemotePage', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('shows the unavailable panel when the remote cannot load, and Retry loads it once it is back', async () => {
    let online = false;
    const loader = jest.fn<ReturnType<RemoteLoader>, Parameters<RemoteLoader>>(async () => {
      if (!online) throw new Error('manifest unreachable');
      return { default: Page };
    });
    // React 19 suspends on the remote's promise; the render has to be awaited inside act.
    await act(async () => {
      render(
        <AppProviders>
          <RemotePage module="history/HistoryPage" loader={loader} />
        </AppProviders>,
      );
    });
    expect(await screen.findByText(UNAVAILABLE_MESSAGE)).toBeInTheDocument();
    expect(loader).toHaveBeenLastCalledWith('history/HistoryPage', { afterFailure: false });

    online = true;
    await act(async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    });
    expect(await screen.findByText('remote page')).toBeInTheDocument();
    expect(loader).toHaveBeenLastCalledWith('history/HistoryPage', { afterFailure: true });
    expect(screen.queryByText(UNAVAILABLE_MESSAGE)).not.toBeInTheDocument();
  });

  it("removes the page's first view in the commit that shows the page, or its failure panel", async () => {
    const firstView = () => {
      const view = document.createElement('div');
      view.id = 'first-view';
      view.textContent = 'the page as sent in the HTML';
      document.body.prepend(view);
      return view;
    };
    let resolvePage: () => void = () => undefined;
    const pending = new Promise<void>((resolve) => {
      resolvePage = resolve;
    });
    let view = firstView();
    // Whether the first view was still there when React put the page into the document.
    let viewStoodWithPage: boolean | null = null;
    function Watched() {
      return <p ref={() => void (viewStoodWithPage = view.isConnected)}>remote page</p>;
    }
    let unmount = () => undefined as void;
    await act(async () => {
      ({ unmount } = render(
        <AppProviders>
          <RemotePage module="marketplace/DashboardPage" loader={() => pending.then(() => ({ default: Watched }))} />
        </AppProviders>,
      ));
    });
    expect(view.isConnected).toBe(true);
    await act(async () => {
      resolvePage();
      await pending;
    });
    expect(await screen.findByText('remote page')).toBeInTheDocument();
    // Gone before the browser could paint the page next to it.
    expect(viewStoodWithPage).toBe(true);
    expect(view.isConnected).toBe(false);
    unmount();

    view = firstView();
    await act(async () => {
      render(
        <AppProviders>
          <RemotePage module="marketplace/DashboardPage" loader={async () => Promise.reject(new Error('offline'))} />
        </AppProviders>,
      );
    });
    expect(await screen.findByText(UNAVAILABLE_MESSAGE)).toBeInTheDocument();
    expect(view.isConnected).toBe(false);
  });

  it('contains a remote that crashes while rendering', async () => {
    function Broken(): never {
      throw new Error('boom');
    }
    await act(async () => {
      render(
        <AppProviders>
          <p>top bar</p>
          <RemotePage module="support/SupportPage" loader={async () => ({ default: Broken })} />
        </AppProviders>,
      );
    });
    expect(await screen.findByText(UNAVAILABLE_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText('top bar')).toBeInTheDocument();
  });

  it('names the library when the remote was built for a version the portal does not run', async () => {
    // The federation runtime's own error for an unsatisfied singleton under strictVersion.
    const refused = new Error(
      '[ Federation Runtime ]: Version 8.5.1 from shell of shared singleton module react-router does not satisfy the requirement of history which needs ^9.0.0)',
    );
    await act(async () => {
      render(
        <AppProviders>
          <RemotePage module="history/HistoryPage" loader={async () => Promise.reject(refused)} />
        </AppProviders>,
      );
    });
    expect(await screen.findByText(UNAVAILABLE_MESSAGE)).toBeInTheDocument();
    expect(screen.getByTestId('remote-failure-reason')).toHaveTextContent(
      'This section was built for react-router ^9.0.0, the portal runs 8.5.1.',
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('gives no version reason for other failures', async () => {
    await act(async () => {
      render(
        <AppProviders>
          <RemotePage module="history/HistoryPage" loader={async () => Promise.reject(new Error('manifest unreachable'))} />
        </AppProviders>,
      );
    });
    expect(await screen.findByText(UNAVAILABLE_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByTestId('remote-failure-reason')).not.toBeInTheDocument();
  });
});
