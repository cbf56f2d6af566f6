import { ContainerModule } from 'inversify';
import type { MikroORM } from '@mikro-orm/postgresql';
import { GetMarketPrice, RefreshMarketPrices } from '@voltmarket/application';
import { TOKENS } from '../tokens.js';
import { PostgresMarketPrices } from '../../postgres/market-price-store.js';

/** Market prices: computed by a job from comparable listings, read by the vehicle page and the listing form. */
export const marketModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.MarketPriceStore).toResolvedValue((orm: MikroORM) => new PostgresMarketPrices(orm), [TOKENS.Orm]);
  bind(RefreshMarketPrices).toResolvedValue((s, w, k) => new RefreshMarketPrices(s, w, k), [TOKENS.MarketPriceStore, TOKENS.UnitOfWork, TOKENS.Clock]);
  bind(GetMarketPrice).toResolvedValue((s) => new GetMarketPrice(s), [TOKENS.MarketPriceStore]);
});
