import { useState, type ImgHTMLAttributes } from 'react';
import { processedPhotoFolder, type ShownSize } from '../../shared/photos.ts';
import { imageUrl } from './image-url.ts';
import { photoSources } from './photo-sources.ts';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt'> & {
  /** A stored image path (relative to the image root) or an absolute URL. */
  path: string | null | undefined;
  alt: string;
  /** The SPEC §9 size the screen shows it at: an imported photo then offers that crop's variants. */
  size: ShownSize;
};

/** An image from the show's image root; a placeholder icon when it is missing or fails to load. */
export function ShowImage({ path, alt, className, size, sizes, ...rest }: Props) {
  const [failed, setFailed] = useState<string | null>(null);
  const folder = processedPhotoFolder(path);
  const photo = folder ? photoSources(folder, size, sizes) : null;
  const src = photo ? photo.img.src : imageUrl(path);
  if (!src || failed === src) {
    return (
      // A decorative picture (alt="") keeps its placeholder out of the accessibility tree too.
      <span className={`image-placeholder ${className ?? ''}`} {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}>
        <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true">
          <path
            fill="currentColor"
            d="M4 9 6 3l4 4h4l4-4 2 6c1 1.5 1.5 3 1.5 4.5C21.5 18 17.5 21 12 21s-9.5-3-9.5-7.5C2.5 12 3 10.5 4 9Zm5 4a1 1 0 1 0 0 2 1 1 0 0 0 0-2Zm6 0a1 1 0 1 0 0 2 1 1 0 0 0 0-2Z"
          />
        </svg>
      </span>
    );
  }
  if (photo) {
    // An imported photo: WebP where the browser takes it, its JPEG otherwise, each at the width it is shown.
    return (
      <picture className="show-picture">
        {photo.sources.map((s) => (
          <source key={`${s.media ?? ''}${s.type}`} media={s.media} type={s.type} srcSet={s.srcSet} sizes={s.sizes} />
        ))}
        <img
          src={photo.img.src}
          srcSet={photo.img.srcSet}
          sizes={photo.img.sizes}
          alt={alt}
          loading="lazy"
          decoding="async"
          className={className}
          onError={() => setFailed(src)}
          {...rest}
        />
      </picture>
    );
  }
  return <img src={src} alt={alt} loading="lazy" decoding="async" className={className} onError={() => setFailed(src)} sizes={sizes} {...rest} />;
}

/**
 * A page's wide hero (SPEC §9: 1280×384 on desktop, 428×256 on a phone). The picture is shown whole and
 * the bands beside it are the same picture blurred, not panels of another colour.
 */
export function HeroImage({ className, ...props }: Omit<Props, 'size'>) {
  return (
    <div className={`hero-frame ${className ?? ''}`}>
      <ShowImage {...props} size="hero" className="hero-image" />
      <ShowImage {...props} size="hero" alt="" aria-hidden="true" className="hero-fill" />
    </div>
  );
}
