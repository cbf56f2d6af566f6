import { useDataProvider } from 'react-admin';
import type { VoltmarketDataProvider } from './data-provider';

/** The data provider with the admin API's own calls (moderation, stats, export) typed. */
export const useVoltmarket = () => useDataProvider<VoltmarketDataProvider>();
