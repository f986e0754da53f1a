import { Typography } from '@mui/material';
import { BuildLabel } from 'shared/ui/build-label';

export default function TermsPage() {
  return (
    <section>
      <Typography variant="h4" component="h1" gutterBottom>
        Terms and Conditions
      </Typography>
      <BuildLabel app={__APP_NAME__} label={__BUILD_LABEL__} />
    </section>
  );
}
