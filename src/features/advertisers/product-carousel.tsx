// The "Products" carousel of an advertiser (SPEC §2): image and description pairs, previous/next
// wrapping around, "n / total", thumbnails when there is more than one image, ←/→ keys.
import { useEffect, useState } from 'react';
import { wrapIndex } from '../../lib/carousel.ts';
import { NO_DESCRIPTION_TEXT, NO_IMAGE_TEXT, type ProductSlide } from '../../lib/products.ts';
import { ShowImage } from '../../ui/image.tsx';

/** Elements that use the arrow keys themselves; the carousel leaves their key presses alone. */
function ownsArrowKeys(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return target.closest('input, textarea, select, [role="slider"], [role="listbox"], [role="menu"], [role="tablist"], .leaflet-container') !== null;
}

export function ProductCarousel({ slides, companyName }: { slides: ProductSlide[]; companyName: string }) {
  const [index, setIndex] = useState(0);
  const count = slides.length;
  const current = Math.min(index, Math.max(count - 1, 0));
  const imageCount = slides.filter((s) => s.image !== null).length;

  // ←/→ move the carousel from anywhere on the page, except inside controls that need those keys.
  useEffect(() => {
    if (count < 2) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || ownsArrowKeys(e.target)) return;
      const step = e.key === 'ArrowLeft' ? -1 : e.key === 'ArrowRight' ? 1 : 0;
      if (step === 0) return;
      e.preventDefault();
      setIndex((i) => wrapIndex(Math.min(i, count - 1), step, count));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [count]);

  if (count === 0) return <p className="muted">{companyName} has not listed any products yet.</p>;
  const slide = slides[current]!;
  const go = (step: number) => setIndex(wrapIndex(current, step, count));

  return (
    <div className="product-carousel" role="group" aria-roledescription="carousel" aria-label={`${companyName} products`}>
      <figure className="product-slide" aria-roledescription="slide" aria-label={`${current + 1} of ${count}`}>
        {slide.image ? (
          <ShowImage
            path={slide.image}
            alt={slide.description ?? `${companyName} product ${current + 1}`}
            className="product-image"
            width={800}
            height={480}
            size="gallery"
          />
        ) : (
          <div className="product-image product-no-image">{NO_IMAGE_TEXT}</div>
        )}
        <figcaption className={slide.description ? 'product-description' : 'product-description muted'}>{slide.description ?? NO_DESCRIPTION_TEXT}</figcaption>
      </figure>
      <div className="product-controls">
        {count > 1 && (
          <button type="button" onClick={() => go(-1)} aria-label="Previous product">
            ‹
          </button>
        )}
        <span className="product-counter" aria-live="polite" aria-atomic="true">
          {current + 1} / {count}
        </span>
        {count > 1 && (
          <button type="button" onClick={() => go(1)} aria-label="Next product">
            ›
          </button>
        )}
      </div>
      {imageCount > 1 && (
        <ul className="product-thumbnails" aria-label="Product thumbnails">
          {slides.map((s, i) => (
            <li key={i}>
              <button
                type="button"
                className="product-thumbnail"
                aria-label={`Show product ${i + 1}${s.description ? `: ${s.description}` : ''}`}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => setIndex(i)}
              >
                {s.image ? (
                  <ShowImage path={s.image} alt="" width={80} height={48} size="tile" className="product-thumbnail-image" />
                ) : (
                  <span className="product-thumbnail-none" aria-hidden="true">
                    —
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
