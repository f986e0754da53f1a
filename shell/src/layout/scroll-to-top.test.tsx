import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useNavigate } from 'react-router';
import { AppProviders } from 'shared/ui/app-providers';
import { SCROLL_TO_TOP_THRESHOLD, ScrollToTopButton, ScrollToTopOnNavigate } from './scroll-to-top';

/** A link-like button to another page, as the top bar's navigation would. */
function GoToHistory() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate('/history')}>
      History
    </button>
  );
}

function renderAt(path: string) {
  render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <GoToHistory />
        <ScrollToTopOnNavigate />
        <ScrollToTopButton />
      </MemoryRouter>
    </AppProviders>,
  );
}

function scrollPageTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  fireEvent.scroll(window);
}

describe('scrolling to the top', () => {
  let scrollTo: jest.SpyInstance;
  beforeEach(() => {
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    scrollTo.mockRestore();
  });

  it('leaves the first page where the browser put it and starts every next page at its top', () => {
    renderAt('/dashboard');
    expect(scrollTo).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'History' }));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('offers the button once the page has scrolled past the threshold, and hides it back at the top', async () => {
    renderAt('/dashboard');
    // Its code loads once it is first needed.
    expect(screen.queryByLabelText('Scroll to top')).not.toBeInTheDocument();
    act(() => scrollPageTo(SCROLL_TO_TOP_THRESHOLD));
    expect(screen.queryByLabelText('Scroll to top')).not.toBeInTheDocument();
    act(() => scrollPageTo(SCROLL_TO_TOP_THRESHOLD + 1));
    expect(await screen.findByRole('button', { name: 'Scroll to top' })).toBeVisible();
    act(() => scrollPageTo(0));
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(screen.getByLabelText('Scroll to top')).not.toBeVisible();
  });
});
