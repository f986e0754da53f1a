import type { ReactNode } from 'react';
import { useCurrentUser } from 'shared/api/users';
import { PageSpinner } from 'shared/ui/page-spinner';
import { ForbiddenPage, OPERATORS_ONLY_MESSAGE } from '../pages/forbidden-page';

/**
 * Guard of the operator console's routes (access `operator` in remotes.manifest.json): the remote is loaded
 * only for an account holding the operator role; everyone else signed in gets the 403 page. The API checks
 * the role on every operator call anyway; this keeps others from the console's code and a page of refusals.
 */
export default function RequireOperator({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  if (user.isPending) return <PageSpinner />;
  if (user.data?.roles.includes('operator') !== true) return <ForbiddenPage message={OPERATORS_ONLY_MESSAGE} />;
  return children;
}
