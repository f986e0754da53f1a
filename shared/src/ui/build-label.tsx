import { useTheme } from '@emotion/react';
import type { Theme } from '@mui/material/styles';
import type { CSSProperties } from 'react';
import { visuallyHidden } from './visually-hidden';

/**
 * Which build of a remote is on screen: each independently deployed remote carries its own label, so a
 * redeploy can be checked without asking anyone (and e2e can check one remote was replaced alone). It is
 * a developer's detail, so customers never see it: shown in development builds, visually hidden (still in
 * the page for tooling) in production.
 *
 * Plain markup with the theme's caption style rather than MUI's Typography: each remote's page loads this
 * module as a shared module of its own, and with Typography that file would carry a second copy of MUI's
 * styling code next to the one in the page's own file.
 */
export function BuildLabel({ app, label }: { app: string; label: string }) {
  const shown = process.env.NODE_ENV === 'development';
  // MUI's ThemeProvider gives emotion's theme context the portal theme.
  const theme = useTheme() as Partial<Theme>;
  const style: CSSProperties = shown
    ? {
        ...(theme.typography?.caption as CSSProperties | undefined),
        color: theme.palette?.text.secondary,
        textAlign: 'center',
        margin: 0,
        padding: '8px 0',
        opacity: 0.75,
      }
    : visuallyHidden;
  return (
    <p data-testid={`build-label-${app}`} aria-hidden={shown ? undefined : true} style={style}>
      {app} build {label}
    </p>
  );
}
