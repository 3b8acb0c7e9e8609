import { describe, expect, it } from 'vitest';
import { HttpError } from '../http-error.ts';
import { hasBackreference, parseFilter, parseLogic, parseNameList, parseNonNegative, parseOrder, parseQuery, parseSelect, type SelectItem } from './parse.ts';

const col = (name: string, extra: object = {}): SelectItem => ({ type: 'column', field: { name, json: [] }, ...extra });

function parseFailure(fn: () => unknown): { status: number; body: Record<string, unknown> } {
  try {
    fn();
  } catch (e) {
    if (e instanceof HttpError) return { status: e.status, body: e.body };
    throw e;
  }
  throw new Error('expected a parse error');
}

describe('parseSelect', () => {
  it.each<[string, SelectItem[]]>([
    ['*', [{ type: 'star' }]],
    ['', [{ type: 'star' }]],
    ['id,name', [col('id'), col('name')]],
    ['label:name', [col('name', { alias: 'label' })]],
    ['id::text', [col('id', { cast: 'text' })]],
    ['n:id::int[]', [col('id', { alias: 'n', cast: 'int[]' })]],
    ['"odd name"', [col('odd name')]],
    [
      'data->a->>b',
      [
        {
          type: 'column',
          field: {
            name: 'data',
            json: [
              { arrow: '->', key: 'a' },
              { arrow: '->>', key: 'b' },
            ],
          },
        },
      ],
    ],
    ['data->0', [{ type: 'column', field: { name: 'data', json: [{ arrow: '->', key: '0' }] } }]],
    ['data->-1', [{ type: 'column', field: { name: 'data', json: [{ arrow: '->', key: '-1' }] } }]],
    ['*,registry:organizations(*)', [{ type: 'star' }, { type: 'embed', target: 'organizations', alias: 'registry', inner: false, select: [{ type: 'star' }] }]],
    ['kids!inner(id)', [{ type: 'embed', target: 'kids', inner: true, select: [col('id')] }]],
    ['kids!kids_parent_fkey(id)', [{ type: 'embed', target: 'kids', hint: 'kids_parent_fkey', inner: false, select: [col('id')] }]],
    ['k:kids!parent_id!inner()', [{ type: 'embed', target: 'kids', alias: 'k', hint: 'parent_id', inner: true, select: [] }]],
    ['kids!left(id)', [{ type: 'embed', target: 'kids', inner: false, select: [col('id')] }]],
    [
      'id,a(b(c(id,x:y)))',
      [
        col('id'),
        {
          type: 'embed',
          target: 'a',
          inner: false,
          select: [
            {
              type: 'embed',
              target: 'b',
              inner: false,
              select: [{ type: 'embed', target: 'c', inner: false, select: [col('id'), col('y', { alias: 'x' })] }],
            },
          ],
        },
      ],
    ],
  ])('%j', (src, expected) => {
    expect(parseSelect(src)).toEqual(expected);
  });

  it.each([
    ['id,', 4, 'unexpected end of input expecting field name'],
    ['a(b', 4, 'unexpected end of input expecting ")"'],
    ['a(b))', 5, 'unexpected ")" expecting end of input'],
    ['id::', 5, 'unexpected end of input expecting type name'],
    ['id;drop', 3, 'unexpected ";" expecting end of input'],
    ['a!(b)', 3, 'unexpected "(" expecting relationship hint'],
    ['a!x!y(b)', 5, 'unexpected "y" expecting "inner" or "left" (only one relationship hint is allowed)'],
    ['...a(b)', 1, 'unexpected "." expecting field name (spread embeds are not supported)'],
    ['id::text;x', 9, 'unexpected ";" expecting end of input'],
    ['id::int union select 1', 8, 'unexpected " " expecting end of input'],
  ])('rejects %j at column %i', (src, column, details) => {
    const { status, body } = parseFailure(() => parseSelect(src));
    expect(status).toBe(400);
    expect(body).toEqual({
      code: 'PGRST100',
      details,
      hint: null,
      message: `"failed to parse select parameter (${src})" (line 1, column ${column})`,
    });
  });

  it('refuses absurd nesting', () => {
    const src = `${'a('.repeat(20)}id${')'.repeat(20)}`;
    expect(parseFailure(() => parseSelect(src)).body.code).toBe('PGRST100');
  });
});

describe('parseFilter', () => {
  const f = (name: string, rest: object) => ({ type: 'filter', field: { name, json: [] }, negate: false, ...rest });
  it.each<[string, string, object]>([
    ['id', 'eq.5', f('id', { op: 'eq', value: '5' })],
    ['email', 'eq.a+1@b.c', f('email', { op: 'eq', value: 'a+1@b.c' })],
    ['name', 'eq.has.dots,and,commas', f('name', { op: 'eq', value: 'has.dots,and,commas' })],
    ['name', 'eq.', f('name', { op: 'eq', value: '' })],
    ['name', 'neq."quoted"', f('name', { op: 'neq', value: '"quoted"' })],
    ['name', 'ilike.*ab*', f('name', { op: 'ilike', value: '*ab*' })],
    ['id', 'not.eq.5', f('id', { op: 'eq', negate: true, value: '5' })],
    ['id', 'in.(1,2,3)', f('id', { op: 'in', value: ['1', '2', '3'] })],
    ['id', 'in.()', f('id', { op: 'in', value: [] })],
    ['id', 'in.(a1,"has,comma","q\\"uote",3)', f('id', { op: 'in', value: ['a1', 'has,comma', 'q"uote', '3'] })],
    ['id', 'not.in.(1)', f('id', { op: 'in', negate: true, value: ['1'] })],
    ['d', 'is.NULL', f('d', { op: 'is', value: 'null' })],
    ['d', 'not.is.null', f('d', { op: 'is', negate: true, value: 'null' })],
    ['b', 'is.true', f('b', { op: 'is', value: 'true' })],
    ['tags', 'cs.{a,b}', f('tags', { op: 'cs', value: '{a,b}' })],
    ['tags', 'ov.{a}', f('tags', { op: 'ov', value: '{a}' })],
    ['name', 'like(any).{a*,b*}', f('name', { op: 'like', quant: 'any', value: '{a*,b*}' })],
    ['id', 'eq(all).{1}', f('id', { op: 'eq', quant: 'all', value: '{1}' })],
    ['body', 'fts(english).cat', f('body', { op: 'fts', config: 'english', value: 'cat' })],
    ['body', 'wfts.cat dog', f('body', { op: 'wfts', value: 'cat dog' })],
    ['id', 'isdistinct.3', f('id', { op: 'isdistinct', value: '3' })],
  ])('%s=%s', (key, value, expected) => {
    expect(parseFilter(key, value)).toEqual(expected);
  });

  it('reads a JSON path key', () => {
    expect(parseFilter('data->>a', 'eq.1').field).toEqual({ name: 'data', json: [{ arrow: '->>', key: 'a' }] });
  });

  it.each([
    ['foo.1', 1, 'unexpected "f" expecting "not" or operator'],
    ['not.foo.1', 5, 'unexpected "f" expecting operator'],
    ['eq', 3, 'unexpected end of input expecting "."'],
    ['in.1,2', 4, 'unexpected "1" expecting "("'],
    ['in.(1,2', 8, 'unexpected end of input expecting ")"'],
    ['is.maybe', 4, 'unexpected "m" expecting null, not_null, true, false or unknown'],
    ['eq(some).{1}', 4, 'unexpected "s" expecting "any" or "all"'],
  ])('rejects %j at column %i', (value, column, details) => {
    const { status, body } = parseFailure(() => parseFilter('c', value));
    expect(status).toBe(400);
    expect(body.code).toBe('PGRST100');
    expect(body.message).toBe(`"failed to parse filter (${value})" (line 1, column ${column})`);
    expect(String(body.details)).toMatch(new RegExp(`^${details.replace(/[()"]/g, '\\$&')}`));
  });
});

describe('parseLogic', () => {
  it('parses nested trees with quoted values and lists', () => {
    expect(parseLogic('or', false, '(a.eq.1,and(b.gt.2,c.not.is.null),d.in.(x,"y,z"),e.eq."p,q)",f.cs.{1,2})')).toEqual({
      type: 'logic',
      op: 'or',
      negate: false,
      children: [
        { type: 'filter', field: { name: 'a', json: [] }, negate: false, op: 'eq', value: '1' },
        {
          type: 'logic',
          op: 'and',
          negate: false,
          children: [
            { type: 'filter', field: { name: 'b', json: [] }, negate: false, op: 'gt', value: '2' },
            { type: 'filter', field: { name: 'c', json: [] }, negate: true, op: 'is', value: 'null' },
          ],
        },
        { type: 'filter', field: { name: 'd', json: [] }, negate: false, op: 'in', value: ['x', 'y,z'] },
        { type: 'filter', field: { name: 'e', json: [] }, negate: false, op: 'eq', value: 'p,q)' },
        { type: 'filter', field: { name: 'f', json: [] }, negate: false, op: 'cs', value: '{1,2}' },
      ],
    });
  });

  it('parses not.and( and not.or(', () => {
    const tree = parseLogic('and', true, '(not.or(a.eq.1,b.eq.2),c.eq.3)');
    expect(tree.negate).toBe(true);
    expect(tree.children[0]).toMatchObject({ type: 'logic', op: 'or', negate: true });
  });

  it.each([
    ['a.eq.1', 1, 'unexpected "a" expecting "("'],
    ['(a.eq.1', 8, 'unexpected end of input expecting ")"'],
    ['(a.eq.1))', 9, 'unexpected ")" expecting end of input'],
    ['(and(a.eq.1)', 13, 'unexpected end of input expecting ")"'],
    ['(a.bad.1)', 4, 'unexpected "b" expecting "not" or operator'],
    ['(a)', 3, 'unexpected ")" expecting "."'],
    ['()', 2, 'unexpected ")" expecting field name'],
  ])('rejects %j at column %i', (value, column, details) => {
    const { body } = parseFailure(() => parseLogic('or', false, value));
    expect(body.message).toBe(`"failed to parse logic tree (${value})" (line 1, column ${column})`);
    expect(String(body.details).startsWith(details)).toBe(true);
  });
});

describe('parseOrder', () => {
  it.each([
    ['name', [{ field: { name: 'name', json: [] } }]],
    [
      'a.asc,b.desc.nullslast',
      [
        { field: { name: 'a', json: [] }, dir: 'asc' },
        { field: { name: 'b', json: [] }, dir: 'desc', nulls: 'last' },
      ],
    ],
    ['a.nullsfirst', [{ field: { name: 'a', json: [] }, nulls: 'first' }]],
    ['data->>k.desc', [{ field: { name: 'data', json: [{ arrow: '->>', key: 'k' }] }, dir: 'desc' }]],
  ])('%j', (src, expected) => {
    expect(parseOrder(src)).toEqual(expected);
  });

  it.each([
    ['name.up', 6],
    ['a.desc.asc', 8],
    ['a.nullslast.desc', 13],
    ['a,', 3],
    ['.asc', 1],
  ])('rejects %j at column %i', (src, column) => {
    const { status, body } = parseFailure(() => parseOrder(src));
    expect(status).toBe(400);
    expect(body.message).toBe(`"failed to parse order (${src})" (line 1, column ${column})`);
  });
});

describe('lists and numbers', () => {
  it('parses columns in both spellings', () => {
    expect(parseNameList('"email","breed_id"', 'columns')).toEqual(['email', 'breed_id']);
    expect(parseNameList('a,b', 'columns')).toEqual(['a', 'b']);
    expect(parseFailure(() => parseNameList('a,,b', 'columns')).body.code).toBe('PGRST100');
  });

  it.each(['-1', '1.5', 'abc', '', '99999999999999999999', '1e3'])('rejects limit %j', (v) => {
    const { status, body } = parseFailure(() => parseNonNegative(v, 'limit'));
    expect(status).toBe(400);
    expect(body.message).toBe(`"failed to parse limit parameter (${v})" (line 1, column 1)`);
  });

  it('accepts 0 and large safe integers', () => {
    expect(parseNonNegative('0', 'limit')).toBe(0);
    expect(parseNonNegative('123456789012345', 'offset')).toBe(123456789012345);
  });
});

describe('parseQuery', () => {
  it('sorts params into levels, args and reserved keys', () => {
    const params = new URLSearchParams(
      'select=id,images(id)&id=gte.1&id=lte.9&or=(a.eq.1)&not.and=(b.eq.2,c.eq.3)&order=id.desc&limit=5&offset=10' +
        '&images.order=id.asc&images.limit=2&images.id=gt.3&images.or=(id.eq.1)&columns="a","b"&on_conflict=email&apikey=k&p_x=7',
    );
    const q = parseQuery(params, (k) => k === 'p_x');
    expect(q.select).toHaveLength(2);
    expect(q.columns).toEqual(['a', 'b']);
    expect(q.onConflict).toEqual(['email']);
    expect(q.args).toEqual({ p_x: '7' });
    const root = q.levels.get('')!;
    expect(root.conditions.map((c) => c.type)).toEqual(['filter', 'filter', 'logic', 'logic']);
    expect(root.conditions[3]).toMatchObject({ op: 'and', negate: true });
    expect(root).toMatchObject({ order: [{ dir: 'desc' }], limit: 5, offset: 10 });
    const images = q.levels.get('images')!;
    expect(images).toMatchObject({ order: [{ dir: 'asc' }], limit: 2 });
    expect(images.conditions).toHaveLength(2);
  });

  it('keeps nested embed paths', () => {
    const q = parseQuery(new URLSearchParams('a.b.order=id&a.b.c=eq.1'));
    expect(q.levels.get('a.b')).toMatchObject({ order: [{ field: { name: 'id' } }], conditions: [{ op: 'eq' }] });
  });

  it('reports the offending param', () => {
    const { body } = parseFailure(() => parseQuery(new URLSearchParams('limit=ten')));
    expect(body.message).toBe('"failed to parse limit parameter (ten)" (line 1, column 1)');
  });
});

describe('regex backreferences', () => {
  it('finds a backslash before 1-9 that is not itself escaped', () => {
    expect(hasBackreference('(.*)(.*)(.*)\\3\\2\\1x')).toBe(true);
    expect(hasBackreference('(a)\\1')).toBe(true);
    expect(hasBackreference('\\\\1')).toBe(false); // an escaped backslash, then "1"
    expect(hasBackreference('^Ab[a-z]+\\d{2}\\.$')).toBe(false);
    expect(hasBackreference('trailing\\')).toBe(false);
  });

  it('refuses them in match and imatch, also inside or=() and with any/all', () => {
    const refused = (fn: () => unknown) => {
      try {
        fn();
      } catch (e) {
        return e instanceof HttpError && e.status === 400 && (e.body as { code: string }).code === 'PGRST100';
      }
      return false;
    };
    expect(refused(() => parseFilter('about', 'match.(.*)\\1'))).toBe(true);
    expect(refused(() => parseFilter('about', 'not.imatch.(a)\\1'))).toBe(true);
    expect(refused(() => parseFilter('about', 'match(any).{x,(y)\\1}'))).toBe(true);
    expect(refused(() => parseLogic('or', false, '(about.match.(.*)\\1,id.eq.1)'))).toBe(true);
    expect(parseFilter('about', 'match.^Ab(c|d)+$').value).toBe('^Ab(c|d)+$');
    expect(parseFilter('about', 'like.*\\1*').value).toBe('*\\1*');
  });
});
