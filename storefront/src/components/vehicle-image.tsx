import { useState, type ImgHTMLAttributes } from 'react';
import { PLACEHOLDER_IMAGE, srcSetOf } from '../lib/images';

interface VehicleImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet'> {
  src: string | undefined;
  alt: string;
  /** Above the fold: fetch now and first, so it paints early. */
  priority?: boolean;
}

/** A listing photo in a fixed-ratio frame (no layout shift), thumbnail on phones, placeholder on failure. */
export function VehicleImage({ src, alt, priority = false, sizes = '(max-width: 640px) 100vw, 400px', className, ...rest }: VehicleImageProps) {
  const [failed, setFailed] = useState(false);
  const usable = src && !failed ? src : undefined;
  return (
    <img
      {...rest}
      className={className}
      src={usable ?? PLACEHOLDER_IMAGE}
      srcSet={usable ? srcSetOf(usable) : undefined}
      sizes={usable && srcSetOf(usable) ? sizes : undefined}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
