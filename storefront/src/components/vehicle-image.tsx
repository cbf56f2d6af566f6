import { useState, type ImgHTMLAttributes } from 'react';
import { useDataSaver } from '../lib/data-saver';
import { PLACEHOLDER_IMAGE, smallOf, srcSetOf } from '../lib/images';

interface VehicleImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet'> {
  src: string | undefined;
  alt: string;
  /** Above the fold: fetch now and first, so it paints early. */
  priority?: boolean;
  /** The full-size photo even with data saver on (the person tapped for it). */
  full?: boolean;
}

/** A listing photo in a fixed-ratio frame (no layout shift), thumbnail on phones, small with data saver, placeholder on failure. */
export function VehicleImage({ src, alt, priority = false, full = false, sizes = '(max-width: 640px) 100vw, 400px', className, ...rest }: VehicleImageProps) {
  const [failed, setFailed] = useState(false);
  // Data saver: the 320 px rendition alone, whatever the screen's density.
  const thumbnailOnly = useDataSaver() && !full;
  const usable = src && !failed ? (thumbnailOnly ? (smallOf(src) ?? src) : src) : undefined;
  return (
    <img
      {...rest}
      className={className}
      src={usable ?? PLACEHOLDER_IMAGE}
      srcSet={usable && !thumbnailOnly ? srcSetOf(usable) : undefined}
      sizes={usable && !thumbnailOnly && srcSetOf(usable) ? sizes : undefined}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
