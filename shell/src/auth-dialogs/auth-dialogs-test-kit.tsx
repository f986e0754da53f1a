import { act, render, screen } from '@testing-library/react';
import { useAtomValue } from 'jotai';
import { MemoryRouter, useLocation } from 'react-router';
import { logoutAtom } from 'shared/auth/auth-atoms';
import { authDialogAtom, DEFAULT_AFTER_LOGIN, returnToAtom, type AuthDialog } from 'shared/auth/auth-dialog-atoms';
import { appStore } from 'shared/store/app-store';
import { AppProviders } from 'shared/ui/app-providers';
import { AuthDialogs } from './auth-dialogs';

// Test support for the dialog suites: the network is replaced at the fetch level, so the real API
// client, error mapping and forms run exactly as in the browser.

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

type Reply = { status: number; body?: unknown } | 'network-error' | Promise<{ status: number; body?: unknown }>;
type Routes = Record<string, Reply | (() => Reply)>;

export function mockApi(routes: Routes): RecordedCall[] {
  const calls: RecordedCall[] = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const path = new URL(request.url).pathname;
    const text = await request.text();
    calls.push({ method: request.method, path, body: text ? JSON.parse(text) : undefined });
    const route = routes[`${request.method} ${path}`];
    const reply = typeof route === 'function' ? route() : route;
    if (reply === undefined) return new Response(JSON.stringify({ message: 'Not Found' }), { status: 404 });
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    const { status, body } = await reply;
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return calls;
}

export function apiCalls(calls: RecordedCall[]): string[] {
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

export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
