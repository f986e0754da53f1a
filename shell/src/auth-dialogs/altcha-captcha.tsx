import { Box, FormHelperText, useTheme } from '@mui/material';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';

/** The API's ALTCHA challenge (self-hosted proof of work, no third party). */
export const CHALLENGE_URL = '/api/auth/challenge';

export interface CaptchaHandle {
  /** Back to unsolved: the captcha must be solved again after each login attempt. */
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
  const containerRef = useRef<HTMLDivElement>(null);
  const widgetRef = useRef<HTMLElement | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  const mode = useTheme().palette.mode;

  useEffect(() => {
    let active = true;
    let widget: HTMLElement | null = null;
    const onStateChange = (event: Event) => {
      const { state, payload } = (event as CustomEvent<StateChangeDetail>).detail;
      onChangeRef.current(state === 'verified' && payload ? payload : null);
    };
    // The element is created only once its definition is loaded: a React-rendered element upgraded later
    // does not get the widget's click handling wired, and a person's click on the checkbox would do nothing.
    import('./altcha-setup')
      .then(() => {
        if (!active || !containerRef.current) return;
        widget = document.createElement('altcha-widget');
        widget.setAttribute('challenge', CHALLENGE_URL);
        widget.setAttribute('name', 'captcha');
        widget.dataset.testid = 'captcha';
        widget.addEventListener('statechange', onStateChange);
        containerRef.current.append(widget);
        widgetRef.current = widget;
      })
      .catch(() => {
        if (active) setLoadFailed(true);
      });
    return () => {
      active = false;
      widget?.removeEventListener('statechange', onStateChange);
      widget?.remove();
      widgetRef.current = null;
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
      <div ref={containerRef} />
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
