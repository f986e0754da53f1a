import TextField from '@mui/material/TextField';
import { fireEvent, render, screen } from '@testing-library/react';
import { PortalProviders } from './portal-providers';

// Emotion inserts its rules through the CSSOM (insertRule), not as text of the <style> elements.
const rulesOf = (style: HTMLStyleElement) => [...(style.sheet?.cssRules ?? [])].map((rule) => rule.cssText).join('\n');
const styleText = () => [...document.querySelectorAll('style')].map(rulesOf).join('\n');

describe('PortalProviders', () => {
  it('gives text fields the autofill keyframes once, not a <style> of their own each', () => {
    render(
      <PortalProviders>
        {Array.from({ length: 5 }, (_, index) => (
          <TextField key={index} label={`Field ${index}`} />
        ))}
      </PortalProviders>,
    );
    const globalStyles = [...document.querySelectorAll<HTMLStyleElement>('style[data-emotion^="css-global"]')];
    expect(globalStyles.filter((style) => rulesOf(style).includes('@keyframes mui-auto-fill '))).toHaveLength(1);
    // The inputs still run the animations that report an autofill.
    expect(styleText()).toMatch(/animation-name:\s*mui-auto-fill-cancel/);
    expect(styleText()).toMatch(/:-webkit-autofill\s*\{[^}]*animation-name:\s*mui-auto-fill;/);
  });

  it('floats a label above a field the browser filled in', () => {
    render(
      <PortalProviders>
        <TextField label="Username" />
      </PortalProviders>,
    );
    const input = screen.getByLabelText('Username');
    expect(document.querySelector('label')).toHaveAttribute('data-shrink', 'false');
    fireEvent.animationStart(input, { animationName: 'mui-auto-fill' });
    expect(document.querySelector('label')).toHaveAttribute('data-shrink', 'true');
  });
});
