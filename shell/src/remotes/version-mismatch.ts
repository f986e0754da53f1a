/** The heading of the panel a page shows instead of a remote that failed. */
export const UNAVAILABLE_MESSAGE = 'This section is temporarily unavailable';

/**
 * A remote declares the range of each shared singleton it was built for; when the portal already runs a
 * version outside that range, the federation runtime refuses to load the remote with an error like
 * "Version 8.5.1 from shell of shared singleton module react-router does not satisfy the requirement of
 * history which needs ^9.0.0)". This turns it into a reason a person can read, or null for other failures.
 */
const UNSATISFIED_SINGLETON =
  /Version (\S+) from \S+ of shared singleton module (\S+) does not satisfy the requirement of \S+ which needs ([^)\s]+)/;

export function versionMismatchReason(error: unknown): string | null {
  const message = error instanceof Error ? error.message : String(error);
  const match = UNSATISFIED_SINGLETON.exec(message);
  if (!match) return null;
  const [, loaded, library, needed] = match;
  return `This section was built for ${library} ${needed}, the portal runs ${loaded}.`;
}
