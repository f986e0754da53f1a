// Opening sealed exit credentials: for the gateway (chaining a customer's traffic to the upstream) and the
// checker (checking the exit). The API seals (exit-credentials.ts) and may not import this module.
import { BOX_PURPOSE, type ExitCredentials } from './exit-credentials.ts';
import { createSecretBox } from './secret-box.ts';

export interface ExitCredentialOpener {
  /** The credentials, or null when the box does not open (another key, another exit, tampered). */
  open(endpointKey: string, box: string): ExitCredentials | null;
}

export function createExitCredentialOpener(keyMaterial: string): ExitCredentialOpener {
  const box = createSecretBox(keyMaterial, BOX_PURPOSE);
  return {
    open(endpointKey, sealed) {
      const text = box.open(sealed, endpointKey);
      if (text === null) return null;
      try {
        const value = JSON.parse(text) as unknown;
        if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && typeof value[1] === 'string') {
          return { login: value[0], password: value[1] };
        }
      } catch {
        // fall through: not ours
      }
      return null;
    },
  };
}

