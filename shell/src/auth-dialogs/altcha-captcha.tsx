import { Box, FormHelperText, useTheme } from '@mui/material';
import type {} from 'altcha/types/react';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';

/** The API's ALTCHA challenge (ARCHITECTURE: self-hosted proof of work, no third party). */
export const CHALLENGE_URL = '/api/auth/challenge';

export interface CaptchaHandle {
  /** Back to unsolved: SPEC §2 resets the captcha after each login attempt. */
  reset(): void;
}

interface StateChangeDetail {
  state: string;
  payload?: string;
}

/**
 * The ALTCHA widget as a form field: reports the solution (the payload the server verifies) or null, and
 * shows the form's message under it. The widget's script loads on first use, not with the shell.
 */
export function AltchaCaptcha({
  onChange,
  error,
  handleRef,
}: {
  onChange: (solution: string | null) => void;
  error?: string | undefined;
  handleRef?: Ref<CaptchaHandle>;
}) {
  const widgetRef = useRef<HTMLElement>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  const mode = useTheme().palette.mode;

  useEffect(() => {
    let active = true;
    import('./altcha-setup').catch(() => {
      if (active) setLoadFailed(true);
    });
    const widget = widgetRef.current;
    const onStateChange = (event: Event) => {
      const { state, payload } = (event as CustomEvent<StateChangeDetail>).detail;
      onChangeRef.current(state === 'verified' && payload ? payload : null);
    };
    widget?.addEventListener('statechange', onStateChange);
    return () => {
      active = false;
      widget?.removeEventListener('statechange', onStateChange);
    };
  }, []);

  useImperativeHandle(handleRef, () => ({
    reset() {
      const widget = widgetRef.current as (HTMLElement & { reset?: () => void }) | null;
      widget?.reset?.();
      onChangeRef.current(null);
    },
  }));

  return (
    <Box
      role="group"
      aria-label="Captcha"
      aria-describedby={error ? 'login-captcha-error' : undefined}
      // The widget's stylesheet follows the page's color-scheme (light-dark()).
      sx={{ colorScheme: mode, '& altcha-widget': { display: 'block', maxWidth: '100%' } }}
    >
      <altcha-widget ref={widgetRef} challenge={CHALLENGE_URL} name="captcha" data-testid="captcha" />
      {loadFailed && (
        <FormHelperText error>The captcha could not be loaded. Check your connection and reopen this dialog.</FormHelperText>
      )}
      {error && (
        <FormHelperText error id="login-captcha-error">
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}
