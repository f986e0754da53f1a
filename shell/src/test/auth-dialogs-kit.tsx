import { act, render, screen } from '@testing-library/react';
import { useAtomValue } from 'jotai';
import { MemoryRouter, useLocation } from 'react-router';
import { logoutAtom } from 'shared/auth/auth-atoms';
import { authDialogAtom, DEFAULT_AFTER_LOGIN, returnToAtom, type AuthDialog } from 'shared/auth/auth-dialog-atoms';
import { appStore } from 'shared/store/app-store';
import { AppProviders } from 'shared/ui/app-providers';
import type { FakeCall } from 'test-kit/fake-api';
import { AuthDialogs } from '../auth-dialogs/auth-dialogs';

// Test support for the dialog suites; the network is faked with test-kit/fake-api.

export function apiCalls(calls: FakeCall[]): string[] {
  return calls.filter((call) => call.path !== '/api/auth/challenge').map((call) => `${call.method} ${call.path}`);
}

function Probe() {
  const location = useLocation();
  const dialog = useAtomValue(authDialogAtom);
  return (
    <output data-testid="probe">
      {location.pathname} {dialog}
    </output>
  );
}

export async function renderDialog(dialog: AuthDialog, { path = '/' }: { path?: string } = {}) {
  appStore.set(logoutAtom);
  appStore.set(returnToAtom, DEFAULT_AFTER_LOGIN);
  appStore.set(authDialogAtom, dialog);
  await act(async () => {
    render(
      <AppProviders>
        <MemoryRouter initialEntries={[path]}>
          <Probe />
          <AuthDialogs />
        </MemoryRouter>
      </AppProviders>,
    );
  });
}

/** The widget reports a solved challenge exactly as it does in the browser: a `statechange` event. */
export async function solveCaptcha(payload = 'solved-payload') {
  const widget = await screen.findByTestId('captcha');
  act(() => {
    widget.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'verified', payload } }));
  });
}
