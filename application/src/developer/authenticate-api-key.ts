import { type Actor, DomainError, type UserRepository } from '@voltmarket/domain';
import type { Clock } from '../shared/ports.js';
import type { ApiKeyStore, SecretMaker } from './developer-ports.js';

const refused = (): DomainError => new DomainError('unauthenticated', 'NOT_SIGNED_IN', 'This API key is not valid, or it was revoked.');

/**
 * Turns an API key into the acting seller: found by the secret's hash, refused once revoked (no
 * cache, so at its next request). The key acts as its seller with the key's scopes, and as a
 * member whatever the seller's role: a key never acts as staff.
 */
export class AuthenticateApiKey {
  constructor(
    private readonly keys: ApiKeyStore,
    private readonly users: UserRepository,
    private readonly secrets: SecretMaker,
    private readonly clock: Clock,
  ) {}

  async execute(input: { secret: string }): Promise<{ actor: Actor }> {
    const key = await this.keys.findBySecretHash(this.secrets.hash(input.secret));
    if (!key || key.revokedAt) throw refused();
    const user = await this.users.findById(key.userId);
    if (!user) throw refused();
    const now = this.clock.now();
    await this.keys.touch(key.id, now);
    const suspension = user.suspensionAt(now);
    return { actor: { userId: user.id, role: 'user', apiKey: { id: key.id, scopes: key.scopes }, ...(suspension ? { suspension } : {}) } };
  }
}
