import ScienceIcon from '@mui/icons-material/Science';
import { Chip } from '@mui/material';
import { usePortalConfig } from 'shared/api/portal-config';

export const TEST_MODE_LABEL = 'TEST MODE — no real money';

/**
 * Shown on every signed-in page while payments run in the sandbox: top-ups there are simulated, so nobody
 * may mistake this portal for a shop that takes real money (or run it publicly without noticing).
 */
export function TestModeChip() {
  const { data } = usePortalConfig();
  if (data?.paymentsMode !== 'sandbox') return null;
  return (
    <Chip
      role="status"
      aria-label={TEST_MODE_LABEL}
      icon={<ScienceIcon />}
      color="warning"
      size="small"
      data-testid="test-mode"
      // A phone has room for the first words only; the full text stays the accessible name.
      label={
        <>
          TEST MODE
          <span className="test-mode-detail"> — no real money</span>
        </>
      }
      sx={{ fontWeight: 700, flexShrink: 0, '& .test-mode-detail': { display: { xs: 'none', sm: 'inline' } } }}
    />
  );
}
