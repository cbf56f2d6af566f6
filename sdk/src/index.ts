import { createClient, type Client } from './generated/client/index.js';

export * from './generated/index.js';
export { client } from './generated/client.gen.js';
export { createClient, type Client };

/**
 * Who the caller is: a Firebase ID token, or later a dealer API key (`vm_live_...`). A function is asked
 * before every request that may carry it, so a Firebase token refreshed by the SDK is picked up.
 */
export type Credential = string | (() => string | undefined | Promise<string | undefined>);

/**
 * A client for one API. Pass it to any operation: `searchVehicles({ client, query })`. The credential goes
 * only to the operations the contract marks as signed-in (required or optional), as `Authorization: Bearer`.
 */
export function createVoltmarketClient(baseUrl: string, credential?: Credential): Client {
  return createClient({ baseUrl, ...(credential === undefined ? {} : { auth: credential }) });
}
