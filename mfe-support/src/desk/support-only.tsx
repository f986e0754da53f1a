import { Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useCurrentUser } from 'shared/api/users';
import { PageSpinner } from 'shared/ui/page-spinner';

/**
 * Shows the desk to members of support only. The API checks membership on every desk call anyway; this
 * keeps everyone else from a page of refusals.
 */
export function SupportOnly({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  if (user.isPending) return <PageSpinner />;
  if (user.data?.roles.includes('support') !== true) {
    return <Typography role="alert">The support desk is for members of the support team.</Typography>;
  }
  return children;
}
