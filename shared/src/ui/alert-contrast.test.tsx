import Alert from '@mui/material/Alert';
import { decomposeColor, getContrastRatio, ThemeProvider } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import { createPortalTheme } from './theme';

/** Channels 0-255 and alpha 0-1 of a hex or rgb(a) colour. */
function channels(colour: string): [number, number, number, number] {
  const { type, values } = decomposeColor(colour);
  if (type !== 'rgb' && type !== 'rgba') throw new Error(`not an rgb colour: ${colour}`);
  return [values[0], values[1], values[2], values[3] ?? 1];
}

/** The colour seen when `colour` (perhaps translucent) is painted over the opaque `under`. */
function over(colour: string, under: string): string {
  const [r, g, b, a] = channels(colour);
  const [ur, ug, ub] = channels(under);
  return `rgb(${r * a + ur * (1 - a)}, ${g * a + ug * (1 - a)}, ${b * a + ub * (1 - a)})`;
}

// WCAG AA for normal text (4.5:1), measured on what MUI paints from the theme: a toast is a filled Alert,
// messages on the pages are standard Alerts. axe checks the same text on the same background.
describe.each(['light', 'dark'] as const)('alerts and toasts in the %s portal theme', (mode) => {
  it.each(['filled', 'standard'] as const)('keep %s alert text at 4.5:1 or more on every severity', (variant) => {
    const ratios: Record<string, number> = {};
    render(
      <ThemeProvider theme={createPortalTheme(mode)}>
        {(['info', 'success', 'warning', 'error'] as const).map((severity) => (
          <Alert key={severity} variant={variant} severity={severity}>
            {severity}
          </Alert>
        ))}
      </ThemeProvider>,
    );
    for (const severity of ['info', 'success', 'warning', 'error']) {
      const style = getComputedStyle(screen.getByText(severity).closest('[role="alert"]')!);
      const background = over(style.backgroundColor, createPortalTheme(mode).palette.background.paper);
      ratios[severity] = Math.round(getContrastRatio(over(style.color, background), background) * 100) / 100;
    }
    for (const [severity, ratio] of Object.entries(ratios)) expect({ severity, ratio, enough: ratio >= 4.5 }).toEqual({ severity, ratio, enough: true });
  });
});
