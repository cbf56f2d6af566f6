import { BRAND_MODELS, BRANDS } from '../listing/catalogue.js';
import { LISTING_LIMITS } from '../listing/listing-input.js';
import { catalogueSpelling } from '../listing/search-filters.js';
import { DomainError, FieldIssues } from '../shared/domain-error.js';
import { cleanLine } from '../shared/text.js';

/**
 * "Is this a fair price?": the typical price of one brand, model and year, from what comparable
 * listings asked (live and sold) in the last twelve months, and where an asking price sits against it.
 */

/** Fewer comparable prices than this say nothing: no typical price is shown. */
export const MARKET_PRICE_MIN_SAMPLE = 5;
/** Prices older than this (by when the listing went live, or was sold) are not comparable any more. */
export const MARKET_PRICE_WINDOW_DAYS = 365;
/** Tukey's fences: a price further than this many interquartile ranges outside the quartiles is an outlier. */
export const MARKET_PRICE_FENCE = 1.5;

const DAY_MS = 86_400_000;

/** One comparable listing's price, and when it counted: went live, or was sold. */
export interface PricePoint {
  price: number;
  at: Date;
}

export interface MarketPrice {
  /** The median of the prices kept. */
  median: number;
  /** The 25th and 75th percentiles of the prices kept: the middle half of the market. */
  low: number;
  high: number;
  /** Prices kept, after outliers were trimmed. */
  sampleSize: number;
  /** Outliers left out. */
  trimmed: number;
}

/** The p-th quantile (0 to 1) of sorted values, interpolated between neighbours (the usual "type 7"). */
export function quantile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new Error('no values');
  const at = (sorted.length - 1) * p;
  const below = Math.floor(at);
  const above = Math.ceil(at);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (at - below);
}

/**
 * The typical price from comparable prices, or null when fewer than MARKET_PRICE_MIN_SAMPLE remain:
 * prices of the last MARKET_PRICE_WINDOW_DAYS, outliers (outside Tukey's fences) trimmed, then the
 * median and the middle half, rounded to the naira.
 */
export function marketPrice(points: readonly PricePoint[], now: Date): MarketPrice | null {
  const since = now.getTime() - MARKET_PRICE_WINDOW_DAYS * DAY_MS;
  const recent = points
    .filter((p) => p.at.getTime() >= since && p.at.getTime() <= now.getTime() && Number.isFinite(p.price) && p.price > 0)
    .map((p) => p.price)
    .sort((a, b) => a - b);
  if (recent.length < MARKET_PRICE_MIN_SAMPLE) return null;
  const q1 = quantile(recent, 0.25);
  const q3 = quantile(recent, 0.75);
  const reach = (q3 - q1) * MARKET_PRICE_FENCE;
  const kept = recent.filter((price) => price >= q1 - reach && price <= q3 + reach);
  if (kept.length < MARKET_PRICE_MIN_SAMPLE) return null;
  return {
    median: Math.round(quantile(kept, 0.5)),
    low: Math.round(quantile(kept, 0.25)),
    high: Math.round(quantile(kept, 0.75)),
    sampleSize: kept.length,
    trimmed: recent.length - kept.length,
  };
}

/** Where an asking price sits against the typical one. */
export type PricePosition =
  | { kind: 'below'; by: number }
  | { kind: 'above'; by: number }
  | { kind: 'typical' };

/**
 * Below or above the median by the difference; "typical" when that difference would read as ₦0.0M
 * (under ₦50,000), so the page never says "₦0M below".
 */
export function pricePosition(asking: number, market: Pick<MarketPrice, 'median'>): PricePosition {
  const by = Math.abs(asking - market.median);
  if (by < 50_000) return { kind: 'typical' };
  return asking < market.median ? { kind: 'below', by } : { kind: 'above', by };
}

/** Naira in millions to one decimal, as a price is said in passing: ₦1.2M, ₦36M, ₦850k. */
export function roughNaira(amount: number): string {
  if (amount >= 999_500) {
    const millions = Math.round(amount / 100_000) / 10;
    return `₦${millions.toLocaleString('en-NG', { maximumFractionDigits: 1 })}M`;
  }
  if (amount >= 1_000) return `₦${Math.round(amount / 1_000).toLocaleString('en-NG')}k`;
  return `₦${Math.round(amount).toLocaleString('en-NG')}`;
}

/**
 * The sentence beside an asking price: "₦1.2M below the typical price for a 2022 Hyundai IONIQ 5
 * (14 listings: ₦36M–₦41M)". Null when there is no market price to compare with.
 */
export function marketPriceLine(
  asking: number, vehicle: { year: number; brand: string; model: string }, market: MarketPrice | null,
): string | null {
  if (!market) return null;
  const what = `the typical price for a ${vehicle.year} ${vehicle.brand} ${vehicle.model}`;
  const range = `(${market.sampleSize} listings: ${roughNaira(market.low)}–${roughNaira(market.high)})`;
  const position = pricePosition(asking, market);
  if (position.kind === 'typical') return `About ${what} ${range}`;
  return `${roughNaira(position.by)} ${position.kind} ${what} ${range}`;
}

/** The vehicle a market price is asked for: a brand and model of the catalogue, and a year. */
export interface MarketPriceKey {
  brand: string;
  model: string;
  year: number;
}

/** A market price question: the vehicle, and optionally the asking price to place against it. */
export interface MarketPriceQuestion extends MarketPriceKey {
  asking: number | null;
}

/**
 * A brand, model and year as a client sends them, checked and spelled as the catalogue spells them
 * ("hyundai", "ioniq 5"), with an optional asking price ("36500000"); every problem at once, by field.
 */
export function checkMarketPriceKey(input: { brand?: unknown; model?: unknown; year?: unknown; price?: unknown }): MarketPriceQuestion {
  const issues = new FieldIssues();
  const spelled = catalogueSpelling(typeof input.brand === 'string' ? cleanLine(input.brand) : undefined, BRANDS);
  const brand = spelled && Object.hasOwn(BRAND_MODELS, spelled) ? spelled : undefined;
  if (!brand) issues.add('brand', 'Choose a brand from the list');
  const models = brand ? (BRAND_MODELS[brand] ?? []) : [];
  const model = catalogueSpelling(typeof input.model === 'string' ? cleanLine(input.model) : undefined, models);
  // Without a known brand, a model is only missing when none was sent: which brand's list it belongs to is unknown.
  if (brand && (!model || !models.includes(model))) issues.add('model', `Choose a model of ${brand} from the list`);
  else if (!brand && (typeof input.model !== 'string' || !cleanLine(input.model))) issues.add('model', 'Choose a model from the list');
  const year = wholeNumber(input.year, 4);
  const yearOk = year !== null && year >= LISTING_LIMITS.yearMin && year <= 2100;
  if (!yearOk) issues.add('year', `Year must be a whole number between ${LISTING_LIMITS.yearMin} and 2100`);
  const asking = input.price === undefined ? null : wholeNumber(input.price, 9);
  if (input.price !== undefined && (asking === null || asking < 1 || asking > LISTING_LIMITS.priceMax)) {
    issues.add('price', 'Price must be a whole number of naira above 0');
  }
  issues.throwIfAny();
  return { brand: brand!, model: model!, year: year!, asking };
}

/** A whole number as a query sends it (digits, at most `digits` of them) or as JSON does; null otherwise. */
function wholeNumber(value: unknown, digits: number): number | null {
  if (typeof value === 'string') return /^\d+$/.test(value) && value.length <= digits ? Number(value) : null;
  return typeof value === 'number' && Number.isInteger(value) ? value : null;
}

/** No market price: too few comparable prices for this brand, model and year. */
export const marketPriceUnknown = (key: MarketPriceKey): DomainError => new DomainError(
  'not_found', 'MARKET_PRICE_UNKNOWN',
  `Fewer than ${MARKET_PRICE_MIN_SAMPLE} comparable listings of a ${key.year} ${key.brand} ${key.model} in the last 12 months: no typical price yet.`,
);
