import { ApiKeysSection } from './api-keys-section';
import { WebhooksSection } from './webhooks-section';

/** Profile → Developer: the dealer API's keys and webhooks, for a seller's own software. */
export function DeveloperTab() {
  return (
    <div className="stack-lg">
      <ApiKeysSection />
      <WebhooksSection />
    </div>
  );
}
