import type { Actor } from '@voltmarket/domain';
import { requireStaff } from '../shared/guards.js';
import type { DealerRequestQuery, DealerRequestReads, DealerRequestView } from './identity-ports.js';

/** Staff's dealer verification requests: by default the waiting ones, oldest first. */
export class ListDealerRequests {
  constructor(private readonly reads: DealerRequestReads) {}

  execute(query: DealerRequestQuery, actor: Actor | null): Promise<{ items: DealerRequestView[]; total: number }> {
    requireStaff(actor);
    return this.reads.list(query);
  }
}
