import { useEffect } from 'react';

/**
 * A `<meta name=... content=...>` in the head while the page is shown, put back as it was after:
 * the server writes the page's own, and this covers the page opened inside the app.
 */
export function useMetaTag(name: string, content: string): void {
  useEffect(() => {
    let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
    const before = tag?.getAttribute('content') ?? null;
    const added = !tag;
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = name;
      document.head.appendChild(tag);
    }
    tag.content = content;
    return () => {
      if (added) tag.remove();
      else if (before !== null) tag.setAttribute('content', before);
    };
  }, [name, content]);
}
