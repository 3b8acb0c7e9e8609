// An image gallery/carousel: previous/next buttons, left/right arrow keys, wrapping at both ends (SPEC §2, §9).
import { useState, type KeyboardEvent } from 'react';
import { wrapIndex } from '../lib/carousel.ts';
import { ShowImage } from './image.tsx';

export function Gallery({ images, label, captions }: { images: string[]; label: string; captions?: string[] }) {
  const [index, setIndex] = useState(0);
  if (images.length === 0) return null;
  const count = images.length;
  const current = Math.min(index, count - 1);
  const go = (step: number) => setIndex(wrapIndex(current, step, count));
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowLeft') {
      e.preventDefault();
      go(-1);
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      go(1);
    }
  };
  return (
    <section className="gallery" aria-roledescription="carousel" aria-label={label} tabIndex={0} onKeyDown={onKey}>
      <div className="gallery-frame">
        <ShowImage path={images[current]} alt={`${label} ${current + 1} of ${count}`} className="gallery-image" size="gallery" />
      </div>
      {captions?.[current] && <p className="gallery-caption">{captions[current]}</p>}
      <div className="gallery-controls">
        <button type="button" onClick={() => go(-1)} aria-label="Previous image">
          ‹
        </button>
        <span aria-live="polite">
          {current + 1} / {count}
        </span>
        <button type="button" onClick={() => go(1)} aria-label="Next image">
          ›
        </button>
      </div>
    </section>
  );
}
