/**
 * Uploaded photos are stored as `<id>.webp` (1600 px) with `<id>-thumb.webp` (480 px),
 * `<id>-medium.webp` (800 px, a phone's screen at twice the density) and `<id>-small.webp` (320 px,
 * for data saver) beside them.
 */
const STORED = /^\/uploads\/.+(?<!-thumb|-small|-medium)\.webp$/;

export function thumbnailOf(url: string): string | null {
  return STORED.test(url) ? url.replace(/\.webp$/, () => '-thumb.webp') : null;
}

/** Data saver's rendition: a third of a thumbnail's bytes. */
export function smallOf(url: string): string | null {
  return STORED.test(url) ? url.replace(/\.webp$/, () => '-small.webp') : null;
}

/** srcset offering the thumbnail, the medium and the large image: a phone fetches what its screen needs. */
export function srcSetOf(url: string): string | undefined {
  if (!STORED.test(url)) return undefined;
  const as = (suffix: string) => url.replace(/\.webp$/, () => `${suffix}.webp`);
  return `${as('-thumb')} 480w, ${as('-medium')} 800w, ${url} 1600w`;
}

export const PLACEHOLDER_IMAGE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300"><rect width="400" height="300" fill="#e7efe9"/>' +
      '<path d="M90 190h220l-30-55c-5-9-12-13-22-13H145c-10 0-17 4-22 13z" fill="#b9cfc0"/>' +
      '<circle cx="140" cy="195" r="22" fill="#8fae9a"/><circle cx="260" cy="195" r="22" fill="#8fae9a"/></svg>',
  );
