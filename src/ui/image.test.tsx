// ShowImage and HeroImage: any picture as a plain img, exactly as before; an imported photo as a <picture>.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HeroImage, ShowImage } from './image.tsx';
import { imageUrl } from './image-url.ts';

const FOLDER = 'photos/be00075c40a960f1';
const ROOT = imageUrl('x')!.slice(0, -2);

describe('ShowImage', () => {
  it('renders any other path exactly as a plain img', () => {
    expect(renderToStaticMarkup(<ShowImage path="breeds/aby.svg" alt="Abyssinian" size="card" className="card-image" width={428} height={240} />)).toBe(
      `<img src="${ROOT}/breeds/aby.svg" alt="Abyssinian" loading="lazy" decoding="async" class="card-image" width="428" height="240"/>`,
    );
    expect(renderToStaticMarkup(<ShowImage path="https://cdn.example.com/a.jpg" alt="" size="tile" />)).toBe(
      `<img src="https://cdn.example.com/a.jpg" alt="" loading="lazy" decoding="async"/>`,
    );
  });

  it('hands an img only a picture: an image data: URL as it is, any other data: URL as the placeholder', () => {
    const gif = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
    expect(renderToStaticMarkup(<ShowImage path={gif} alt="" size="tile" />)).toBe(`<img src="${gif}" alt="" loading="lazy" decoding="async"/>`);
    const page = renderToStaticMarkup(<ShowImage path="data:text/html,<script>window.x=1</script>" alt="A cat" size="tile" />);
    expect(page).toMatch(/^<span class="image-placeholder " role="img" aria-label="A cat">/);
    expect(page).not.toContain('<img');
  });

  it('renders a processed photo as a picture with a WebP source and the JPEG in the img', () => {
    const out = renderToStaticMarkup(<ShowImage path={`${FOLDER}/gallery.jpg`} alt="Abyssinian" size="card" className="card-image" />);
    const r = `${ROOT}/${FOLDER}`;
    expect(out).toBe(
      `<picture class="show-picture">` +
        `<source type="image/webp" srcSet="${r}/card.webp 428w, ${r}/card@2x.webp 856w" sizes="(max-width: 480px) 100vw, 428px"/>` +
        `<img src="${r}/card.jpg" srcSet="${r}/card.jpg 428w, ${r}/card@2x.jpg 856w" sizes="(max-width: 480px) 100vw, 428px" alt="Abyssinian" loading="lazy" decoding="async" class="card-image"/>` +
        `</picture>`,
    );
  });

  it('gives both hero layers the mobile source', () => {
    const out = renderToStaticMarkup(<HeroImage path={`${FOLDER}/gallery.jpg`} alt="Abyssinian" />);
    expect(out.match(/media="\(max-width: 767px\)"/g)).toHaveLength(4);
    expect(out.match(/<img src="[^"]+\/hero\.jpg"/g)).toHaveLength(2);
  });
});
