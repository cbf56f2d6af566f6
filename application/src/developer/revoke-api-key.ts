import { type Actor, apiKeyNotFound } from '@voltmarket/domain';
import type { Clock } from '../shared/ports.js';
import type { ApiKeyStore } from './developer-ports.js';
import { requireSignedInPerson } from './create-api-key.js';

/** The key stops working at its next request; revoking it again changes nothing. Another seller's key is not found. */
export class RevokeApiKey {
  constructor(private readonly keys: ApiKeyStore, private readonly clock: Clock) {}

  async execute(input: { id: number }, actor: Actor | null): Promise<void> {
    const caller = requireSignedInPerson(actor);
    if (!(await this.keys.revoke(caller.userId, input.id, this.clock.now()))) throw apiKeyNotFound(input.id);
  }
}
