import { getContrastRatio } from '@mui/material/styles';
import { createPortalTheme } from './theme';

// WCAG AA for normal text: a contained button's (or a filled chip's) label stays readable at rest and under
// the pointer.
describe.each(['light', 'dark'] as const)('the %s portal theme', (mode) => {
  const { palette } = createPortalTheme(mode);

  it.each(['primary', 'secondary', 'info', 'success', 'warning', 'error'] as const)('keeps %s button text at 4.5:1 or more, hovered or not', (colour) => {
    const { main, dark, contrastText } = palette[colour];
    expect(getContrastRatio(main, contrastText)).toBeGreaterThanOrEqual(4.5);
    expect(getContrastRatio(dark, contrastText)).toBeGreaterThanOrEqual(4.5);
  });
});
