// Authenticator secrets at rest: AES-256-GCM under a key from TOTP_ENCRYPTION_KEY (or one generated into
// the settings table). The user id is authenticated data, so a box copied onto another account does not open.
// The box itself is the workspace's one implementation (gateway/secret-box), under this purpose's own key.
import { createSecretBox as createBox, type SecretBox } from 'gateway/secret-box';

export type { SecretBox };

export function createSecretBox(keyMaterial: string): SecretBox {
  return createBox(keyMaterial, 'totp-secret-box');
}
