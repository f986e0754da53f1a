import Typography from '@mui/material/Typography';

/**
 * Which build of a remote is on screen: each independently deployed remote shows its own label, so a
 * redeploy is visible without asking anyone (and e2e can check one remote was replaced alone).
 */
export function BuildLabel({ app, label }: { app: string; label: string }) {
  return (
    <Typography
      component="p"
      variant="caption"
      color="text.secondary"
      data-testid={`build-label-${app}`}
      sx={{ textAlign: 'center', py: 1, opacity: 0.75 }}
    >
      {app} build {label}
    </Typography>
  );
}
