// Unit tests run outside webpack, where the flag images' require.context does not exist: every two-letter
// code gets a stand-in URL, so components render their flag <img> (and its alt text) as in the browser.
export function flagUrl(code: string): string | null {
  const letters = code.trim().toLowerCase();
  return /^[a-z]{2}$/.test(letters) ? `/flags/${letters}.svg` : null;
}
