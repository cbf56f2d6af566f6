import { readNairaAmount } from '../../../lib/naira';
import { useMarketPrice } from '../api/get-market-price';

/**
 * Under the vehicle details: where the asking price sits against the typical price of the same
 * model and year ("₦1.2M below the typical price for a 2022 Hyundai IONIQ 5 (14 listings: ₦36M–₦41M)").
 * Nothing when fewer than 5 listings compare, or until the brand, model, year and price are filled in.
 */
export function MarketPriceHint({ brand, model, year, price }: { brand: string; model: string; year: string; price: string }) {
  const amount = readNairaAmount(price);
  const yearNumber = /^\d{4}$/.test(year.trim()) ? Number(year) : null;
  const complete = brand && model && yearNumber !== null && amount !== null && amount > 0;
  const market = useMarketPrice(complete ? { brand, model, year: yearNumber, price: amount } : null);
  const text = complete ? market.data?.comparison : null;
  return (
    <p className="listing-form__market small" aria-live="polite" data-testid="market-price">
      {text ?? ''}
    </p>
  );
}
