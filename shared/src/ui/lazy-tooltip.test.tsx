import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PortalProviders } from 'shared/ui/portal-providers';
import { LazyTooltip } from './lazy-tooltip';

describe('LazyTooltip', () => {
  it('shows the element at once, working, and its hint once the tooltip code has loaded', async () => {
    const onClick = jest.fn();
    render(
      <PortalProviders>
        <LazyTooltip title="Copy">
          <button type="button" aria-label="Copy the proxy" onClick={onClick}>
            C
          </button>
        </LazyTooltip>
      </PortalProviders>,
    );
    const button = screen.getByRole('button', { name: 'Copy the proxy' });
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);

    // Pointing before the tooltip's code has arrived shows nothing; pointing again once it has shows the hint.
    await waitFor(
      async () => {
        const target = screen.getByRole('button', { name: 'Copy the proxy' });
        await userEvent.unhover(target);
        await userEvent.hover(target);
        expect(await screen.findByRole('tooltip', {}, { timeout: 500 })).toHaveTextContent('Copy');
      },
      { timeout: 5000 },
    );
  });
});
