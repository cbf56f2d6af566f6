import { ContainerModule } from 'inversify';
import type pg from 'pg';
import { type Clock, CurrentCarOfTheWeek, GetSellerProfile, ListSellerListings } from '@voltmarket/application';
import { TOKENS } from '../tokens.js';
import { PostgresSellerReads } from '../../postgres/seller-reads.js';

/** Sellers' public pages: who they are, their record, how they answer buyers, their live listings. */
export const sellerModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.SellerReads).toResolvedValue((pool: pg.Pool, clock: Clock) => new PostgresSellerReads(pool, () => clock.now()), [TOKENS.ReadPool, TOKENS.Clock]);
  bind(GetSellerProfile).toResolvedValue((r, k) => new GetSellerProfile(r, k), [TOKENS.SellerReads, TOKENS.Clock]);
  bind(ListSellerListings).toResolvedValue((r, cw) => new ListSellerListings(r, cw), [TOKENS.SellerReads, CurrentCarOfTheWeek]);
});
