import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'shared/routing/router';

export function NotFoundPage() {
  return (
    <Box component="section" sx={{ minHeight: '70vh', display: 'grid', placeItems: 'center', textAlign: 'center', p: 4 }}>
      <div>
        <Typography variant="h2" component="p" color="text.secondary">
          404
        </Typography>
        <Typography variant="h4" component="h1" gutterBottom>
          Page Not Found
        </Typography>
        <Button variant="contained" component={Link} to="/">
          Go to Homepage
        </Button>
      </div>
    </Box>
  );
}
