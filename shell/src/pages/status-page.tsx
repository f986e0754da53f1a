import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'shared/routing/router';

/** A page that stands for an HTTP status (403, 404): the code, a heading, what happened, and a way on. */
export function StatusPage({ code, title, children, to, action }: { code: number; title: string; children?: ReactNode; to: string; action: string }) {
  return (
    <Box component="section" sx={{ minHeight: '70vh', display: 'grid', placeItems: 'center', textAlign: 'center', p: 4 }}>
      <div>
        <Typography variant="h2" component="p" color="text.secondary">
          {code}
        </Typography>
        <Typography variant="h4" component="h1" gutterBottom>
          {title}
        </Typography>
        {children}
        <Button variant="contained" component={Link} to={to}>
          {action}
        </Button>
      </div>
    </Box>
  );
}
