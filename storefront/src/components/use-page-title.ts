import { useEffect } from 'react';

export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} | Voltmarket` : 'Voltmarket — Electric vehicles to buy, sell and rent in Nigeria';
  }, [title]);
}
