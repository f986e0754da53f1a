import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'shared/routing/router';
import { writeStoredSession } from '../auth/session-storage';
import { AppProviders } from 'shared/ui/app-providers';

/**
 * Runs one remote alone (`pnpm --filter mfe-x dev`) with the providers the shell gives it. The dev server
 * proxies /api to a running API. A session can be carried over from the composed portal by opening the
 * harness with `?token=...&userId=...` (copy both from the portal's localStorage).
 */
export function mountDevHarness(app: string, content: ReactNode): void {
  const params = new URLSearchParams(window.location.search);
  const token = params.get('token');
  const userId = params.get('userId');
  if (token && userId) writeStoredSession({ token, userId });

  const container = document.getElementById('root');
  if (!container) throw new Error('dev harness: #root is missing from index.html');
  createRoot(container).render(
    <AppProviders>
      <BrowserRouter>
        <Alert severity="info" sx={{ borderRadius: 0 }}>
          {app} running alone in its dev harness: the shell&apos;s top bar and dialogs are not here.
        </Alert>
        <Box component="main">{content}</Box>
      </BrowserRouter>
    </AppProviders>,
  );
}
