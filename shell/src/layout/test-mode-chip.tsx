import ScienceIcon from '@mui/icons-material/Science';
import Box from '@mui/material/Box';
import { usePortalConfig } from 'shared/api/portal-config';

export const TEST_MODE_LABEL = 'TEST MODE — no real money';

/** Amber with near-black text: readable (WCAG AA) in both themes, where white on orange is not. */
const colours = { bgcolor: 'warning.light', color: 'rgba(0, 0, 0, 0.87)' } as const;

/**
 * Shown on every signed-in page while payments run in the sandbox: top-ups there are simulated, so nobody
 * may mistake this portal for a shop that takes real money (or run it publicly without noticing). A chip in
 * the top bar on wide screens; on a phone, where the bar has no room left, a strip right under it.
 */
export function TestModeChip({ variant = 'chip' }: { variant?: 'chip' | 'strip' }) {
  const { data } = usePortalConfig();
  if (data?.paymentsMode !== 'sandbox') return null;
  if (variant === 'strip') {
    return (
      <Box
        role="status"
        data-testid="test-mode"
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 0.75,
          py: 0.25,
          ...colours,
          fontSize: '0.8125rem',
          fontWeight: 700,
        }}
      >
        <ScienceIcon fontSize="small" aria-hidden />
        {TEST_MODE_LABEL}
      </Box>
    );
  }
  // Drawn like MUI's small filled Chip: the Chip component itself (with its delete icon and click handling)
  // would be most of the frame's code for this one mark, which a shop on real payments never shows.
  return (
    <Box
      role="status"
      aria-label={TEST_MODE_LABEL}
      data-testid="test-mode"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        height: 24,
        px: 1,
        borderRadius: '12px',
        flexShrink: 0,
        whiteSpace: 'nowrap',
        ...colours,
        fontSize: '0.8125rem',
        fontWeight: 700,
      }}
    >
      <ScienceIcon aria-hidden sx={{ fontSize: 18, ml: -0.5 }} />
      {TEST_MODE_LABEL}
    </Box>
  );
}
