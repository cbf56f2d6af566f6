import { useEffect } from 'react';

export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} | Voltmarket` : "Voltmarket — Africa's leading EV marketplace";
  }, [title]);
}
