/**
 * Uploaded photos are stored as `<id>.webp` (1600 px) with `<id>-thumb.webp` (480 px) and
 * `<id>-small.webp` (320 px, for data saver) beside them.
 */
const STORED = /^\/uploads\/.+(?<!-thumb|-small)\.webp$/;

export function thumbnailOf(url: string): string | null {
  return STORED.test(url) ? url.replace(/\.webp$/, () => '-thumb.webp') : null;
}

/** Data saver's rendition: a third of a thumbnail's bytes. */
export function smallOf(url: string): string | null {
  return STORED.test(url) ? url.replace(/\.webp$/, () => '-small.webp') : null;
}

/** srcset offering the thumbnail and the large image, so phones fetch the small one. */
export function srcSetOf(url: string): string | undefined {
  const thumb = thumbnailOf(url);
  return thumb ? `${thumb} 480w, ${url} 1600w` : undefined;
}

export const PLACEHOLDER_IMAGE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300"><rect width="400" height="300" fill="#e7efe9"/>' +
      '<path d="M90 190h220l-30-55c-5-9-12-13-22-13H145c-10 0-17 4-22 13z" fill="#b9cfc0"/>' +
      '<circle cx="140" cy="195" r="22" fill="#8fae9a"/><circle cx="260" cy="195" r="22" fill="#8fae9a"/></svg>',
  );
