import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, apiGet, toQuery } from '../../../lib/api-client';
import type { MarketPrice } from '../../../lib/api-types';

export interface MarketPriceQuestion {
  brand: string;
  model: string;
  year: number;
  price: number;
}

/** The typical price of a brand, model and year, with `price` placed against it; null when too few listings make one (404). */
export async function getMarketPrice(question: MarketPriceQuestion, signal?: AbortSignal): Promise<MarketPrice | null> {
  try {
    return await apiGet<MarketPrice>(`/api/market-prices${toQuery({ ...question })}`, signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** `value`, once it has stopped changing for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Where the price being typed sits against the market, asked once typing pauses; nothing until the
 * brand, model, year and price are all there. The last answer stays while the next one comes.
 */
export function useMarketPrice(question: MarketPriceQuestion | null) {
  const settled = useSettled(question ? JSON.stringify(question) : null, 400);
  const asked = settled ? (JSON.parse(settled) as MarketPriceQuestion) : null;
  return useQuery({
    queryKey: ['market-price', asked],
    enabled: asked !== null,
    queryFn: ({ signal }) => getMarketPrice(asked!, signal),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
