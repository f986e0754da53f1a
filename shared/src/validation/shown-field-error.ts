import type { ChangeEvent, FocusEvent } from 'react';

interface FormState<Values> {
  values: Values;
  touched: { [K in keyof Values]?: unknown };
  errors: { [K in keyof Values]?: unknown };
  submitCount: number;
}

/**
 * The message to show under a form field: after a submit attempt, or once something typed there was left.
 * An empty field merely passed through stays quiet: a message appearing on blur would push the buttons below
 * it away from the pointer and the click that caused the blur ("Create an account", "Back to login") would miss.
 */
export function shownFieldError<Values>(form: FormState<Values>, name: keyof Values): string | undefined {
  const message = form.errors[name];
  if (!form.touched[name] || typeof message !== 'string') return undefined;
  const typed = form.values[name] !== '';
  return typed || form.submitCount > 0 ? message : undefined;
}

interface FormikLike<Values> extends FormState<Values> {
  handleChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  handleBlur: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
}

/** The props that bind one text field to a formik form, with its message shown by the rule above. */
export function formFieldProps<Values, Name extends keyof Values & string>(form: FormikLike<Values>, name: Name, idPrefix: string) {
  const message = shownFieldError(form, name);
  return {
    id: `${idPrefix}-${name}`,
    name,
    value: form.values[name],
    onChange: form.handleChange,
    onBlur: form.handleBlur,
    error: Boolean(message),
    helperText: message,
  };
}
