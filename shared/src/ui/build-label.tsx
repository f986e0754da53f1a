import Typography from '@mui/material/Typography';
import { visuallyHidden } from './visually-hidden';


/**
 * Which build of a remote is on screen: each independently deployed remote carries its own label, so a
 * redeploy can be checked without asking anyone (and e2e can check one remote was replaced alone). It is
 * a developer's detail, so customers never see it: shown in development builds, visually hidden (still in
 * the page for tooling) in production.
 */
export function BuildLabel({ app, label }: { app: string; label: string }) {
  const shown = process.env.NODE_ENV === 'development';
  return (
    <Typography
      component="p"
      variant="caption"
      color="text.secondary"
      data-testid={`build-label-${app}`}
      aria-hidden={shown ? undefined : true}
      sx={shown ? { textAlign: 'center', py: 1, opacity: 0.75 } : visuallyHidden}
    >
      {app} build {label}
    </Typography>
  );
}
