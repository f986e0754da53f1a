// Secrets at rest: AES-256-GCM under a key derived from the operator's key material and the box's purpose,
// so one key setting never opens another purpose's boxes. The authenticated data names what a box belongs
// to (an account, an exit): a box copied onto another row does not open. Format: v1.<iv>.<tag>.<ciphertext>,
// base64url parts. Used by the API (2-step secrets; sealing exit credentials) and by the gateway and the
// checker (opening exit credentials).
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const VERSION = 'v1';

export interface SecretBox {
  seal(plaintext: string, boundTo: string): string;
  /** The plaintext, or null when the box was tampered with or sealed under another key, purpose or owner. */
  open(box: string, boundTo: string): string | null;
}

/** Any operator-chosen string becomes a 256-bit key; generated keys already carry 256 bits. */
export function deriveKey(keyMaterial: string, purpose: string): Buffer {
  return createHash('sha256').update(`${purpose}:${keyMaterial}`).digest();
}

export function createSecretBox(keyMaterial: string, purpose: string): SecretBox {
  const key = deriveKey(keyMaterial, purpose);
  return {
    seal(plaintext, boundTo) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(boundTo));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
    },
    open(box, boundTo) {
      const [version, iv, tag, ciphertext] = box.split('.');
      if (version !== VERSION || !iv || !tag || ciphertext === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(boundTo));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
