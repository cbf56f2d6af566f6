import { Link } from 'react-router-dom';

/** Under this share of the market median, a price is "too good to be true" (the moderators' flag uses the same). */
export const FAR_BELOW_MARKET_SHARE = 0.5;

export function isFarBelowMarket(price: number, median: number | undefined): boolean {
  return median !== undefined && median > 0 && price < median * FAR_BELOW_MARKET_SHARE;
}

/** One line for a buyer when the asking price is under half what similar cars sell for. */
export function PriceSafetyNote({ price, median }: { price: number; median: number | undefined }) {
  if (!isFarBelowMarket(price, median)) return null;
  return (
    <p className="vehicle-page__safety small" role="note" data-testid="price-safety-note">
      This price is far below what similar cars sell for. Never pay a deposit before you have seen the car and its papers.{' '}
      <Link to="/safety">How to buy safely</Link>
    </p>
  );
}
