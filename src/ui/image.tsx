import { useState, type ImgHTMLAttributes } from 'react';
import { imageUrl } from './image-url.ts';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt'> & {
  /** A stored image path (relative to the image root) or an absolute URL. */
  path: string | null | undefined;
  alt: string;
};

/** An image from the show's image root; a placeholder icon when it is missing or fails to load. */
export function ShowImage({ path, alt, className, ...rest }: Props) {
  const [failed, setFailed] = useState<string | null>(null);
  const src = imageUrl(path);
  if (!src || failed === src) {
    return (
      // A decorative picture (alt="") keeps its placeholder out of the accessibility tree too.
      <span className={`image-placeholder ${className ?? ''}`} {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}>
        <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true">
          <path fill="currentColor" d="M4 9 6 3l4 4h4l4-4 2 6c1 1.5 1.5 3 1.5 4.5C21.5 18 17.5 21 12 21s-9.5-3-9.5-7.5C2.5 12 3 10.5 4 9Zm5 4a1 1 0 1 0 0 2 1 1 0 0 0 0-2Zm6 0a1 1 0 1 0 0 2 1 1 0 0 0 0-2Z" />
        </svg>
      </span>
    );
  }
  return <img src={src} alt={alt} loading="lazy" decoding="async" className={className} onError={() => setFailed(src)} {...rest} />;
}

/**
 * A page's wide hero (SPEC §7: 1280×384 on desktop, 428×256 on a phone). The picture is shown whole and
 * the bands beside it are the same picture blurred, not panels of another colour.
 */
export function HeroImage({ className, ...props }: Props) {
  return (
    <div className={`hero-frame ${className ?? ''}`}>
      <ShowImage {...props} className="hero-image" />
      <ShowImage {...props} alt="" aria-hidden="true" className="hero-fill" />
    </div>
  );
}
