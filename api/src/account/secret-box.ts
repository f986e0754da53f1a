// Authenticator secrets at rest: AES-256-GCM under a key from TOTP_ENCRYPTION_KEY (or one generated into
// the settings table). The user id is authenticated data, so a box copied onto another account does not open.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const VERSION = 'v1';

export interface SecretBox {
  seal(plaintext: string, userId: string): string;
  /** The plaintext, or null when the box was tampered with or sealed under another key or user. */
  open(box: string, userId: string): string | null;
}

export function createSecretBox(keyMaterial: string): SecretBox {
  // Any operator-chosen string becomes a 256-bit key; generated keys already carry 256 bits.
  const key = createHash('sha256').update(`totp-secret-box:${keyMaterial}`).digest();
  return {
    seal(plaintext, userId) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(userId));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
    },
    open(box, userId) {
      const [version, iv, tag, ciphertext] = box.split('.');
      if (version !== VERSION || !iv || !tag || ciphertext === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(userId));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
