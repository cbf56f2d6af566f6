import { createHash, randomBytes } from 'node:crypto';
import type { SecretMaker } from '@voltmarket/application';
import { API_KEY_PREFIX } from '@voltmarket/domain';

/**
 * Secrets from the operating system's random source: an API key is `vm_live_` and 32 random bytes
 * in base64url (256 bits, so a plain SHA-256 is a safe way to keep it: nobody guesses a preimage),
 * shown once and kept only as that hash; a webhook's signing secret is `whsec_` and 24 bytes in hex.
 */
export class RandomSecrets implements SecretMaker {
  apiKey(): { secret: string; prefix: string; hash: string } {
    const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
    return { secret, prefix: secret.slice(0, API_KEY_PREFIX.length + 4), hash: this.hash(secret) };
  }

  hash(secret: string): string {
    return createHash('sha256').update(secret).digest('hex');
  }

  webhookSecret(): string {
    return `whsec_${randomBytes(24).toString('hex')}`;
  }
}
