// Flags are SVG images from the flag-icons package (MIT, maintained), not emoji: emoji flags render as
// empty boxes where no emoji font is installed (Linux, older Windows). webpack emits each flag as its own
// hashed file and this context maps an ISO code to its URL, so a browser downloads only the flags it shows.

interface FlagContext {
  (key: string): string;
  keys(): string[];
}

declare const require: { context(directory: string, deep: boolean, filter: RegExp): FlagContext };

function loadFlags(): FlagContext | null {
  try {
    return require.context('flag-icons/flags/4x3', false, /^\.\/[a-z]{2}\.svg$/);
  } catch {
    // Outside webpack (unit tests) there is no context: the flag is simply not drawn.
    return null;
  }
}

const flags = loadFlags();
const known = new Set(flags?.keys() ?? []);

/** The URL of a country's flag from its ISO 3166-1 alpha-2 code, or null when there is none. */
export function flagUrl(code: string): string | null {
  const key = `./${code.trim().toLowerCase()}.svg`;
  if (!flags || !known.has(key)) return null;
  return flags(key);
}
