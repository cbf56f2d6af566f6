import { useMarketplaceStats } from '../api/get-marketplace-stats';
import { figureLabel, roundedFigure } from '../marketplace-figures';

const FIGURES = [
  { key: 'activeListings', singular: 'Vehicle', plural: 'Vehicles' },
  { key: 'sellers', singular: 'Seller', plural: 'Sellers' },
  { key: 'cities', singular: 'City', plural: 'Cities' },
] as const;

/**
 * The home page's figures from live listings. While they load, the strip holds its final size (so
 * nothing below it moves); if they cannot be loaded, or there is nothing live yet, it is left out
 * rather than showing figures that are not true. Completed sales come once sales are recorded.
 */
export function MarketplaceStatsStrip() {
  const stats = useMarketplaceStats();
  if (stats.isError || (stats.data && stats.data.activeListings === 0)) return null;
  return (
    <section className="stats" aria-label="Voltmarket in numbers" aria-busy={stats.isPending}>
      <ul className="stats__list">
        {FIGURES.map(({ key, singular, plural }) => {
          const count = stats.data?.[key];
          return (
            <li key={key} className="stats__item">
              <p className={`stats__value${count === undefined ? ' stats__value--loading' : ''}`}>{count === undefined ? '' : roundedFigure(count)}</p>
              <p className="stats__label">{figureLabel(count ?? 2, singular, plural)}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
