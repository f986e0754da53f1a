import { ProxyText } from 'shared/ui/proxy-text';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { copyText } from 'shared/clipboard/copy-text';
import { useSnackbar } from 'shared/ui/toasts';
import { credentialFormatAtom, formatCredentials, type Credentials } from './credential-formats';

// The copy and format buttons come with their tooltips and menu, whose positioning engine (Popper) is a large
// part of the dashboard's code: a file of its own, fetched when a proxy is first listed. The credentials show,
// and copy on click, before it arrives; the space the two buttons take is kept for them.
const CredentialActions = lazy(() => import('./credential-actions'));
// Two small icon buttons (30 px each) and the gap between them.
const ACTIONS_WIDTH = 64;

/**
 * A bought proxy's credentials, shown whole (they wrap rather than being cut) in the chosen format; the
 * text and the copy button copy it, and a small menu switches the format.
 */
export function CopyCredential({ credentials, toast }: { credentials: Credentials; toast: 'Link Copied' | 'Proxy Copied' }) {
  const formatId = useAtomValue(credentialFormatAtom);
  const { enqueueSnackbar } = useSnackbar();
  const text = formatCredentials(credentials, formatId);
  const copy = async () => {
    if (await copyText(text)) enqueueSnackbar(toast, { variant: 'success' });
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }} onClick={(event) => event.stopPropagation()}>
      <Button
        size="small"
        onClick={copy}
        aria-label={text}
        data-testid="proxy-credential"
        sx={{ textTransform: 'none', fontFamily: 'monospace', textAlign: 'left', minWidth: 0, justifyContent: 'flex-start' }}
      >
        <ProxyText text={text} />
      </Button>
      <Suspense fallback={<Box aria-hidden sx={{ width: ACTIONS_WIDTH, flexShrink: 0 }} />}>
        <CredentialActions text={text} onCopy={() => void copy()} />
      </Suspense>
    </Box>
  );
}
