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
