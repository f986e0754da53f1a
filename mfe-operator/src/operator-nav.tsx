import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link, useLocation } from 'shared/routing/router';
import { sections } from './sections';

/** The console's navigation: one link per section; the current one is marked for eyes and screen readers. */
export function OperatorNav() {
  const { pathname } = useLocation();
  return (
    <Stack component="nav" aria-label="Operator console" direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }}>
      {sections.map(({ label, path }) => {
        const to = `/operator/${path}`;
        const current = pathname === to || pathname.startsWith(`${to}/`);
        return (
          <Button key={path} component={Link} to={to} size="small" variant={current ? 'contained' : 'text'} aria-current={current ? 'page' : undefined}>
            {label}
          </Button>
        );
      })}
    </Stack>
  );
}
