import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PortalProviders } from './portal-providers';
import { showToast, useSnackbar } from './toasts';

function SaveButton() {
  const { enqueueSnackbar } = useSnackbar();
  return (
    <button type="button" onClick={() => enqueueSnackbar('Saved', { variant: 'success' })}>
      Save
    </button>
  );
}

describe('toasts', () => {
  it('renders no toast host until the first toast, then shows that toast and the later ones', async () => {
    render(
      <PortalProviders>
        <SaveButton />
      </PortalProviders>,
    );
    expect(document.querySelector('.notistack-SnackbarContainer')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();

    act(() => showToast('Second', { variant: 'error' }));
    expect(await screen.findByText('Second')).toBeInTheDocument();
    expect(screen.getByText('Saved')).toBeInTheDocument();
  });

  it('keeps a toast asked for while no host is mounted until one is', async () => {
    showToast('Waiting');
    render(<PortalProviders>{null}</PortalProviders>);
    expect(await screen.findByText('Waiting')).toBeInTheDocument();
  });
});
