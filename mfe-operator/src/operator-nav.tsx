import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { NavLink } from 'shared/routing/router';
import { sections } from './sections';

/** The console's navigation: one link per section; the current one is marked for eyes and screen readers. */
export function OperatorNav() {
  return (
    <Stack component="nav" aria-label="Operator console" direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }}>
      {sections.map(({ label, path }) => (
        <Button
          key={path}
          component={NavLink}
          to={`/operator/${path}`}
          size="small"
          sx={{ '&.active': { bgcolor: 'action.selected', color: 'text.primary', fontWeight: 700 } }}
        >
          {label}
        </Button>
      ))}
    </Stack>
  );
}
