import { useQuery } from '@tanstack/react-query';
import { useVoltmarket } from './use-voltmarket';

/** Brands with their models, vehicle types, charging types and cities; fixed while the app runs. */
export function useCatalogue() {
  const dataProvider = useVoltmarket();
  return useQuery({ queryKey: ['catalogue'], queryFn: () => dataProvider.getCatalogue(), staleTime: Infinity });
}

export interface Choice {
  id: string;
  name: string;
}

/** Choices for a select, keeping a value that is no longer (or never was) in the catalogue. */
export function choicesOf(values: readonly string[], keep?: string | null): Choice[] {
  const all = keep && !values.includes(keep) ? [keep, ...values] : values;
  return all.map((value) => ({ id: value, name: value }));
}
