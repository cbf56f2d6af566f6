import { ContainerModule } from 'inversify';
import type { MikroORM } from '@mikro-orm/postgresql';
import type pg from 'pg';
import { GetMarketPrice, RefreshMarketPrices } from '@voltmarket/application';
import { TOKENS } from '../tokens.js';
import { MarketPriceSnapshot, PostgresMarketPrices } from '../../postgres/market-price-store.js';

/** Market prices: computed by a job from comparable listings, read by the vehicle page and the listing form. */
export const marketModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.MarketPriceStore).toResolvedValue((orm: MikroORM) => new PostgresMarketPrices(orm), [TOKENS.Orm]);
  // One per process: the vehicle page reads its market price from a copy at most a minute old.
  bind(TOKENS.MarketPriceSnapshot).toResolvedValue((pool: pg.Pool) => new MarketPriceSnapshot(pool), [TOKENS.ReadPool]);
  bind(RefreshMarketPrices).toResolvedValue((s, w, k) => new RefreshMarketPrices(s, w, k), [TOKENS.MarketPriceStore, TOKENS.UnitOfWork, TOKENS.Clock]);
  bind(GetMarketPrice).toResolvedValue((s) => new GetMarketPrice(s), [TOKENS.MarketPriceStore]);
});
