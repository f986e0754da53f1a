import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useSetAtom } from 'jotai';
import { useParams } from 'react-router';
import { authDialogAtom } from 'shared/auth/auth-dialog-atoms';
import { BuildLabel } from 'shared/ui/build-label';
import { ResetPasswordForm } from './reset-password/reset-password-form';

export const INCOMPLETE_LINK_MESSAGE =
  'This reset link is incomplete: the part that proves it came from us is missing. Open the link from the email again, in full, or ask for a new one.';

/** `/reset-password` without its token: nothing to reset with, but a new link is one click away. */
function IncompleteLink() {
  const setDialog = useSetAtom(authDialogAtom);
  return (
    <Stack spacing={2}>
      <Alert severity="warning">{INCOMPLETE_LINK_MESSAGE}</Alert>
      <Button variant="contained" size="large" onClick={() => setDialog('forgotPassword')}>
        Request a new link
      </Button>
    </Stack>
  );
}

/** Reset password page (`/reset-password/:token`), opened from the mailed link, signed in or not. */
export default function ResetPasswordPage() {
  const { token } = useParams();
  return (
    <Box component="section" aria-labelledby="reset-password-heading" sx={{ maxWidth: 520, mx: 'auto', py: { xs: 2, md: 4 } }}>
      <Typography id="reset-password-heading" variant="h4" component="h1" gutterBottom>
        Reset password
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
        {token ? <ResetPasswordForm token={token} /> : <IncompleteLink />}
      </Paper>
      <BuildLabel app={__APP_NAME__} label={__BUILD_LABEL__} />
    </Box>
  );
}
