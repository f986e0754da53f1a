import Typography from '@mui/material/Typography';
import { BuildLabel } from 'shared/ui/build-label';

export default function SupportPage() {
  return (
    <section>
      <Typography variant="h4" component="h1" gutterBottom>
        My Support Ticket
      </Typography>
      <BuildLabel app={__APP_NAME__} label={__BUILD_LABEL__} />
    </section>
  );
}
