import { describe, expect, it } from 'vitest';
import { filterGlossary, glossarySegments } from './glossary-match.ts';
import { GLOSSARY, GLOSSARY_KINDS, REGISTRIES, registryEntryId } from './glossary-texts.ts';

/** The segments written as text with each glossary word in brackets, naming its entry: "[CH→ch] Bella". */
const marked = (text: string, phrases = false) =>
  glossarySegments(text, { phrases })
    .map((s) => ('entry' in s ? `[${s.text}→${s.entry.id}]` : s.text))
    .join('');

describe('glossarySegments in a cat’s name (abbreviations only)', () => {
  it.each([
    ['Chloe', 'Chloe'],
    ['CH Bella', '[CH→ch] Bella'],
    ['Ch. Bella', '[Ch.→ch] Bella'],
    ['Ch Bella', '[Ch→ch] Bella'],
    ['CHLOE', 'CHLOE'],
    ['Chiara of Chester', 'Chiara of Chester'],
    ["GIC Amberlight's Tiger Lily", "[GIC→gic] Amberlight's Tiger Lily"],
    ['GIC, DSM Amberlight’s Tiger Lily', '[GIC→gic], [DSM→dsm] Amberlight’s Tiger Lily'],
    ['SGC Velvet Paws Icarus', '[SGC→sgc] Velvet Paws Icarus'],
    ['Gr Ch Moonbeam', '[Gr Ch→gc] Moonbeam'],
    ['Pricilla Premier', 'Pricilla Premier'],
    ['PR Pricilla', '[PR→pr] Pricilla'],
    ['Icarus of Pico', 'Icarus of Pico'],
    ['ic bella', 'ic bella'],
    ['Bella Kitten', 'Bella Kitten'],
    ['Champion of Hearts', 'Champion of Hearts'],
    ['G Bella', 'G Bella'],
    ['CH Forest Giants Bruno × Forest Giants Fleur', '[CH→ch] Forest Giants Bruno × Forest Giants Fleur'],
    ['', ''],
  ])('%j → %j', (text, expected) => {
    expect(marked(text)).toBe(expected);
  });
});

describe('glossarySegments in a class or an award (abbreviations and words)', () => {
  it.each([
    ['EX1', '[EX1→ex1]'],
    ['EX 2', '[EX 2→ex1]'],
    ['EX10', 'EX10'],
    ['EX1 CACIB', '[EX1→ex1] [CACIB→cacib]'],
    ['EX', '[EX→ex]'],
    ['G', '[G→g]'],
    ['NOM', '[NOM→nom]'],
    ['BIS Category II', '[BIS→bis] [Category II→category]'],
    ['BIS Category III', '[BIS→bis] [Category III→category]'],
    ['Top 10 Allbreed Kitten', '[Top 10→top-10] [Allbreed→allbreed] [Kitten→kitten]'],
    ['Best Kitten', '[Best Kitten→best-cat]'],
    ['Best in Variety', '[Best in Variety→biv]'],
    ['best in show', '[best in show→bis]'],
    ['5 International Champion', '5 [International Champion→ic]'],
    ['3 Grand International Champion', '3 [Grand International Champion→gic]'],
    ['12 Kitten', '12 [Kitten→kitten]'],
    ['Household Pet', '[Household Pet→hhp]'],
    ['Champion Alter', '[Champion Alter→cha]'],
    ['Longhair Specialty Top 5', '[Longhair Specialty→specialty] [Top 5→top-10]'],
    ['Kittenish', 'Kittenish'],
  ])('%j → %j', (text, expected) => {
    expect(marked(text, true)).toBe(expected);
  });

  it('keeps every character of the text, in order', () => {
    const text = 'EX1 CACIB, BIV; NOM (Category II) — Top 10 Allbreed Kitten';
    expect(
      glossarySegments(text, { phrases: true })
        .map((s) => s.text)
        .join(''),
    ).toBe(text);
  });

  it('marks abbreviations as such (an <abbr> with what it stands for) and words as words', () => {
    const [cacib, , kitten] = glossarySegments('CACIB Kitten', { phrases: true });
    expect(cacib).toMatchObject({ text: 'CACIB', abbreviation: true, entry: { id: 'cacib', name: 'Certificat d’Aptitude au Championnat International de Beauté' } });
    expect(kitten).toMatchObject({ text: 'Kitten', abbreviation: false, entry: { id: 'kitten' } });
  });
});

describe('the glossary’s data', () => {
  it('has unique anchors, each usable in a URL fragment as written', () => {
    const ids = GLOSSARY.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-z0-9-]*$/);
  });

  it('gives no two entries the same abbreviation or phrase (a word links to one place)', () => {
    // Abbreviations match as written, words in any case.
    const seen = new Map<string, string>();
    for (const e of GLOSSARY) {
      const abbreviations = [...(e.name ? [e.term] : []), ...(e.aliases ?? [])];
      const words = [...(e.name ? [] : [e.term]), ...(e.phrases ?? [])].map((f) => f.toLowerCase());
      for (const form of [...abbreviations.map((f) => `abbreviation ${f}`), ...words.map((f) => `word ${f}`)]) {
        expect(seen.get(form), `${form} in ${e.id} and ${seen.get(form)}`).toBeUndefined();
        seen.set(form, e.id);
      }
    }
  });

  it('covers the words the issue names, each kind has entries, and every registry has its own entry', () => {
    const linked = (text: string) => glossarySegments(text, { phrases: true }).filter((s) => 'entry' in s).length;
    for (const word of [
      'Ch.',
      'CH',
      'GC',
      'GCH',
      'GRC',
      'IC',
      'GIC',
      'SGC',
      'DSM',
      'DGC',
      'PR',
      'GP',
      'IP',
      'EX',
      'VG',
      'EX1',
      'EX4',
      'CAC',
      'CAP',
      'CACIB',
      'CAPIB',
      'CAGCIB',
      'CAGPIB',
      'CACS',
      'CAPS',
      'BIV',
      'NOM',
      'BIS',
      'Best in Variety',
      'Top 10',
      'Best Cat',
      'Best Alter',
      'Best HHP',
      'EMS',
    ]) {
      expect(linked(word), word).toBe(1);
    }
    for (const kind of GLOSSARY_KINDS)
      expect(
        GLOSSARY.some((e) => e.kind === kind),
        kind,
      ).toBe(true);
    for (const registry of REGISTRIES) expect(GLOSSARY.find((e) => e.id === registryEntryId(registry))?.term).toBe(registry);
  });
});

describe('filterGlossary', () => {
  const terms = (typed: string) => filterGlossary(typed).map((e) => e.term);
  it('keeps every entry for an empty filter, in the glossary’s order', () => {
    expect(terms('  ')).toEqual(GLOSSARY.map((e) => e.term));
  });
  it('finds an abbreviation and what it stands for, whatever the case and accents', () => {
    expect(terms('cagcib')).toEqual(['CAGCIB']);
    expect(terms('BEAUTE')).toEqual(['CACIB', 'CAPIB', 'CAGCIB', 'CAGPIB']);
    expect(terms('gr ch')).toEqual(['GC']);
    // NOM by its kind's heading, "Awards and Best in Show".
    expect(terms('best')).toEqual(['BIV', 'NOM', 'BIS', 'BOB', 'Best Cat']);
  });
  it('finds the entries of a kind by its heading', () => {
    expect(terms('certificate')).toEqual(GLOSSARY.filter((e) => e.kind === 'certificate').map((e) => e.term));
  });
  it('finds the entries a registry uses, and nothing from the explanations', () => {
    expect(filterGlossary('GCCF').map((e) => e.id)).toEqual(GLOSSARY.filter((e) => e.registries.includes('GCCF')).map((e) => e.id));
    expect(terms('winners ribbons')).toEqual([]);
  });
  it('finds nothing for words the glossary lacks', () => {
    expect(terms('zebra')).toEqual([]);
  });
});
