import { createContext, useContext, useSyncExternalStore } from 'react';

/**
 * Data saver: on metered bundles, photos as thumbnails only (480 px) until tapped, and no photo strips
 * on cards. On when the person turns it on in the menu, or when their browser asks for it (the
 * Save-Data header; `navigator.connection.saveData`) unless they turned it off. Kept in a cookie so
 * the server draws the first view the same way (adapters/src/http/first-view.ts reads it).
 */
export const DATA_SAVER_COOKIE = 'vm_data_saver';

let on: boolean | null = null;
const listeners = new Set<() => void>();

function fromBrowser(): boolean {
  const chosen = new RegExp(`(?:^|;\\s*)${DATA_SAVER_COOKIE}=([01])`).exec(document.cookie)?.[1];
  if (chosen) return chosen === '1';
  return (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
}

/**
 * At start: the server's reading of this browser (from its Save-Data header, which scripts cannot
 * always see) stands unless the person chose otherwise.
 */
export function startDataSaver(serverSaw: boolean | null): void {
  const chosen = new RegExp(`(?:^|;\\s*)${DATA_SAVER_COOKIE}=([01])`).exec(document.cookie)?.[1];
  on = chosen ? chosen === '1' : (serverSaw ?? fromBrowser());
}

export function setDataSaver(value: boolean): void {
  on = value;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${DATA_SAVER_COOKIE}=${value ? 1 : 0}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** What the server drew the first view with; given by the root on both sides (see AppRoot). */
export const FirstViewDataSaver = createContext<boolean>(false);

export function useDataSaver(): boolean {
  const firstView = useContext(FirstViewDataSaver);
  return useSyncExternalStore(subscribe, () => (on ??= fromBrowser()), () => firstView);
}
