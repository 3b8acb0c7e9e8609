import { describe, expect, it } from 'vitest';
import { NO_DESCRIPTION_TEXT, NO_IMAGE_TEXT, pairProducts } from '../../src/lib/products.ts';
import { toListText } from '../../shared/list-text.ts';

describe('pairProducts', () => {
  it.each([
    [
      'two lists of equal length',
      ['a.svg', 'b.svg'],
      ['A', 'B'],
      [
        { image: 'a.svg', description: 'A' },
        { image: 'b.svg', description: 'B' },
      ],
    ],
    [
      'images as quoted text, descriptions as a list',
      '"a.svg","b.svg"',
      ['A', 'B'],
      [
        { image: 'a.svg', description: 'A' },
        { image: 'b.svg', description: 'B' },
      ],
    ],
    ['descriptions as text holding commas', ['a.svg'], '"Kibble, grain-free"', [{ image: 'a.svg', description: 'Kibble, grain-free' }]],
    [
      'more descriptions than images',
      ['a.svg'],
      ['A', 'B', 'C'],
      [
        { image: 'a.svg', description: 'A' },
        { image: null, description: 'B' },
        { image: null, description: 'C' },
      ],
    ],
    [
      'more images than descriptions',
      '{a.svg,b.svg}',
      ['A'],
      [
        { image: 'a.svg', description: 'A' },
        { image: 'b.svg', description: null },
      ],
    ],
    ['only images', ['a.svg'], [], [{ image: 'a.svg', description: null }]],
    ['only descriptions', '', 'A', [{ image: null, description: 'A' }]],
    ['nothing at all', [], '', []],
    ['missing values', null, undefined, []],
    [
      'a JSON array in text',
      '["a.svg","b.svg"]',
      '[]',
      [
        { image: 'a.svg', description: null },
        { image: 'b.svg', description: null },
      ],
    ],
  ] as const)('%s', (_, images, descriptions, slides) => expect(pairProducts(images, descriptions)).toEqual(slides));

  it('reads what the seed writes with toListText', () => {
    const descriptions = ['Tall Tree Tower: "oak", sisal.', 'Wall Shelf Set.'];
    expect(pairProducts(toListText(['t.svg']), toListText(descriptions))).toEqual([
      { image: 't.svg', description: descriptions[0] },
      { image: null, description: descriptions[1] },
    ]);
  });

  it('names the SPEC fallbacks', () => {
    expect(NO_IMAGE_TEXT).toBe('No image available');
    expect(NO_DESCRIPTION_TEXT).toBe('No description available');
  });
});
