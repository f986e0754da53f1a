import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { prefetchAuthDialogOnIntent } from './auth-dialogs/auth-dialogs';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
const root = createRoot(container);
// A transition renders in slices that yield to the browser: the first page's render is not one long task
// that holds up input on a slow phone.
startTransition(() => root.render(<App />));
prefetchAuthDialogOnIntent();
