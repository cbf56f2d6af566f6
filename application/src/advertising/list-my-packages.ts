import type { Actor } from '@voltmarket/domain';
import { requireSignedIn } from '../shared/guards.js';
import type { Clock } from '../shared/ports.js';
import type { AdvertisingReads, MyPackageView } from './advertising-reads.js';

/** The caller's own boosts, newest first. */
export class ListMyPackages {
  constructor(private readonly reads: AdvertisingReads, private readonly clock: Clock) {}

  async execute(_input: undefined, actor: Actor | null): Promise<MyPackageView[]> {
    const me = requireSignedIn(actor);
    return this.reads.myPackages(me.userId, this.clock.now());
  }
}
