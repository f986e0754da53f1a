import Typography from '@mui/material/Typography';
import { StatusPage } from './status-page';

export const OPERATORS_ONLY_MESSAGE = 'This page is for operators only. The operator role is granted on the server with grant-operator.';

/** A signed-in account without the role a page needs (a customer or a support member opening /operator). */
export function ForbiddenPage({ message }: { message: string }) {
  return (
    <StatusPage code={403} title="Access denied" to="/dashboard" action="Go to Dashboard">
      <Typography role="alert" sx={{ mb: 2, maxWidth: 560 }}>
        {message}
      </Typography>
    </StatusPage>
  );
}
