import { createRoot } from 'react-dom/client';
import { App } from './app';
import { prefetchAuthDialogOnIntent } from './auth-dialogs/auth-dialogs';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
createRoot(container).render(<App />);
prefetchAuthDialogOnIntent();
