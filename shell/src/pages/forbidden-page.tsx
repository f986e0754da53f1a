import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'shared/routing/router';

export const OPERATORS_ONLY_MESSAGE = 'This page is for operators only. The operator role is granted on the server with grant-operator.';

/** A signed-in account without the role a page needs (a customer or a support member opening /operator). */
export function ForbiddenPage({ message }: { message: string }) {
  return (
    <Box component="section" sx={{ minHeight: '70vh', display: 'grid', placeItems: 'center', textAlign: 'center', p: 4 }}>
      <div>
        <Typography variant="h2" component="p" color="text.secondary">
          403
        </Typography>
        <Typography variant="h4" component="h1" gutterBottom>
          Access denied
        </Typography>
        <Typography role="alert" sx={{ mb: 2, maxWidth: 560 }}>
          {message}
        </Typography>
        <Button variant="contained" component={Link} to="/dashboard">
          Go to Dashboard
        </Button>
      </div>
    </Box>
  );
}
