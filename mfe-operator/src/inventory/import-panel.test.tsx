import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImportReport } from 'contract/inventory';
import { loginSucceededAtom } from 'shared/auth/auth-atoms';
import { appQueryClient } from 'shared/query/query-client';
import { appStore } from 'shared/store/app-store';
import { AppProviders } from 'shared/ui/app-providers';
import { fakeApi } from 'test-kit/fake-api';
import { ImportPanel } from './import-panel';

function report(overrides: Partial<ImportReport>): ImportReport {
  return {
    message: '',
    imported: false,
    source: 'lab',
    sync: false,
    lines: 3,
    exits: 2,
    created: 0,
    updated: 0,
    unchanged: 0,
    reactivated: 0,
    retired: 0,
    fileError: null,
    errors: [],
    errorCount: 0,
    duplicates: [],
    duplicateCount: 0,
    ...overrides,
  };
}

describe('the import panel', () => {
  beforeEach(() => {
    appQueryClient.clear();
    appStore.set(loginSucceededAtom, { token: 'tok', userInfo: { _id: 'op1', username: 'olga', email: 'o@example.com' } });
  });

  it('shows the per-line report of a check, imports only after a check that would, then shows the result', async () => {
    const fake = fakeApi({
      'POST /api/operator/inventory/import': (_call, request) => {
        const query = new URL(request.url).searchParams;
        if (query.get('dryRun') !== 'true') return { body: report({ imported: true, created: 2, errorCount: 1, message: 'Imported 2 exits into source "lab": 2 new.' }) };
        if (query.get('skipInvalid') !== 'true') {
          return { status: 422, body: report({ errors: [{ line: 3, reason: 'not an exit' }], errorCount: 1, message: 'Nothing was imported: 1 bad line of 3.' }) };
        }
        return { body: report({ dryRun: true, created: 2, errorCount: 1, errors: [{ line: 3, reason: 'not an exit' }], message: 'Nothing written yet. Importing would write 2 exits.' }) };
      },
    });
    const user = userEvent.setup();
    await act(async () => {
      render(
        <AppProviders>
          <ImportPanel />
        </AppProviders>,
      );
    });
    await user.type(screen.getByRole('textbox', { name: 'Or paste the lines' }), '198.51.100.1:1080{enter}198.51.100.2:1080{enter}not an exit');
    await user.type(screen.getByRole('textbox', { name: 'Source' }), 'lab');
    const importButton = screen.getByRole('button', { name: 'Import' });
    expect(importButton).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Check file' }));
    const check = await screen.findByRole('status', { name: 'Import check' });
    expect(check).toHaveTextContent('Nothing was imported: 1 bad line of 3.');
    expect(within(check).getByText('Line 3: not an exit')).toBeInTheDocument();
    expect(importButton).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: 'Skip bad lines' }));
    expect(screen.queryByRole('status', { name: 'Import check' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByText('Nothing written yet. Importing would write 2 exits.')).toBeInTheDocument();
    expect(importButton).toBeEnabled();

    await user.click(importButton);
    const result = await screen.findByRole('status', { name: 'Import result' });
    expect(result).toHaveTextContent('Imported 2 exits into source "lab": 2 new.');
    expect(screen.queryByRole('status', { name: 'Import check' })).not.toBeInTheDocument();
    const calls = fake.requests.map((r) => new URL(r.url).search);
    expect(calls).toEqual([
      '?type=datacenter&skipInvalid=false&dryRun=true&source=lab',
      '?type=datacenter&skipInvalid=true&dryRun=true&source=lab',
      '?type=datacenter&skipInvalid=true&dryRun=false&source=lab',
    ]);
    expect(fake.calls[2]!.body).toBe('198.51.100.1:1080\n198.51.100.2:1080\nnot an exit');
  });
});
