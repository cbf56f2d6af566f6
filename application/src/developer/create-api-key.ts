import { type Actor, MAX_ACTIVE_API_KEYS, apiKeyLimitReached, apiKeyNotAllowed, checkApiKeyDraft, isVerifiedSeller, notAVerifiedSeller, type UserRepository } from '@voltmarket/domain';
import { requireActiveMember } from '../shared/guards.js';
import type { Clock } from '../shared/ports.js';
import type { ApiKeyStore, SecretMaker, StoredApiKey } from './developer-ports.js';

/**
 * A verified seller makes an API key: a name, some scopes, and a secret shown once. Keys are made
 * by a person signed in, never by another key.
 */
export class CreateApiKey {
  constructor(
    private readonly users: UserRepository,
    private readonly keys: ApiKeyStore,
    private readonly secrets: SecretMaker,
    private readonly clock: Clock,
  ) {}

  async execute(input: { name: unknown; scopes: unknown }, actor: Actor | null): Promise<StoredApiKey & { secret: string }> {
    const caller = requireSignedInPerson(actor);
    const draft = checkApiKeyDraft(input);
    const user = await this.users.findById(caller.userId);
    if (!user || !isVerifiedSeller(user)) throw notAVerifiedSeller();
    if (await this.keys.countActive(caller.userId) >= MAX_ACTIVE_API_KEYS) throw apiKeyLimitReached();
    const made = this.secrets.apiKey();
    const key = await this.keys.add({ userId: caller.userId, name: draft.name, prefix: made.prefix, secretHash: made.hash, scopes: draft.scopes, createdAt: this.clock.now() });
    return { ...key, secret: made.secret };
  }
}

/** Keys are managed by the person, signed in: not by a guest, a suspended account, or a key. */
export function requireSignedInPerson(actor: Actor | null): Actor {
  const caller = requireActiveMember(actor);
  if (caller.apiKey) throw apiKeyNotAllowed();
  if (caller.isGuest) throw notAVerifiedSeller();
  return caller;
}
