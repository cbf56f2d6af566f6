import type { Actor } from '@voltmarket/domain';
import type { ApiKeyStore, StoredApiKey } from './developer-ports.js';
import { requireSignedInPerson } from './create-api-key.js';

/** The seller's keys, newest first, revoked ones included; never a secret. */
export class ListApiKeys {
  constructor(private readonly keys: ApiKeyStore) {}

  async execute(_input: undefined, actor: Actor | null): Promise<StoredApiKey[]> {
    const caller = requireSignedInPerson(actor);
    return this.keys.listFor(caller.userId);
  }
}
