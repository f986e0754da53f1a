/** A country's flag from its ISO 3166-1 alpha-2 code, as the two regional-indicator letters (an emoji). */
export function flagEmoji(code: string): string {
  const letters = code.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(letters)) return '';
  return String.fromCodePoint(...[...letters].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65));
}
