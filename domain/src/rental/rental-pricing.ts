/** A vehicle's rental rates in whole naira; weekly and monthly are offered only when set. */
export interface RentalRates {
  readonly daily: number;
  readonly weekly: number | null;
  readonly monthly: number | null;
}

export const MONTH_DAYS = 30;
export const WEEK_DAYS = 7;

export interface QuoteLine {
  unit: 'month' | 'week' | 'day';
  count: number;
  rate: number;
  amount: number;
}

export interface StayPrice {
  days: number;
  /** How the total is made up; for a short stay charged as a cheaper longer period, that period's lines. */
  lines: QuoteLine[];
  total: number;
  /** days × daily: the total never exceeds it. */
  fullDailyPrice: number;
  saving: number;
}

const offered = (rate: number | null): rate is number => rate !== null && rate > 0;

/** Months of 30 days, then weeks of 7, then days, each at its rate when set; never above days × daily. */
function periodPrice(rates: RentalRates, days: number): { lines: QuoteLine[]; total: number } {
  const lines: QuoteLine[] = [];
  let left = days;
  if (offered(rates.monthly) && left >= MONTH_DAYS) {
    const count = Math.floor(left / MONTH_DAYS);
    lines.push({ unit: 'month', count, rate: rates.monthly, amount: count * rates.monthly });
    left -= count * MONTH_DAYS;
  }
  if (offered(rates.weekly) && left >= WEEK_DAYS) {
    const count = Math.floor(left / WEEK_DAYS);
    lines.push({ unit: 'week', count, rate: rates.weekly, amount: count * rates.weekly });
    left -= count * WEEK_DAYS;
  }
  if (left > 0) lines.push({ unit: 'day', count: left, rate: rates.daily, amount: left * rates.daily });
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const daily = days * rates.daily;
  return total <= daily ? { lines, total } : { lines: [{ unit: 'day', count: days, rate: rates.daily, amount: daily }], total: daily };
}

/**
 * The price of a stay of `days` days (at least one). A longer stay never costs less than a shorter
 * one: when a slightly longer period is cheaper (6 days dearer than a week), the stay is charged as
 * that period. Checking up to the next whole month (or week) is enough: past it, every price
 * includes that period's price.
 */
export function priceStay(rates: RentalRates, days: number): StayPrice {
  const stay = Math.max(1, Math.ceil(days));
  const step = offered(rates.monthly) ? MONTH_DAYS : offered(rates.weekly) ? WEEK_DAYS : 1;
  const horizon = Math.ceil(stay / step) * step;
  let best = periodPrice(rates, stay);
  for (let longer = stay + 1; longer <= horizon; longer++) {
    const candidate = periodPrice(rates, longer);
    if (candidate.total < best.total) best = candidate;
  }
  const fullDailyPrice = stay * rates.daily;
  return { days: stay, lines: best.lines, total: best.total, fullDailyPrice, saving: fullDailyPrice - best.total };
}
