import { describe, expect, it } from 'vitest';
import { httpErrorOf } from '../../tests/helpers/http-error.ts';
import { checkProfile, parseAccept, parsePrefer, parseRange } from './headers.ts';
import { statusOf } from './errors.ts';

describe('parsePrefer', () => {
  it.each([
    [undefined, { return: 'minimal', count: false, missingDefault: false }],
    ['return=representation', { return: 'representation', count: false, missingDefault: false }],
    ['count=exact, return=representation', { return: 'representation', count: true, missingDefault: false }],
    ['count=planned', { return: 'minimal', count: true, missingDefault: false }],
    ['count=estimated,return=headers-only', { return: 'headers-only', count: true, missingDefault: false }],
    ['resolution=merge-duplicates, missing=default', { return: 'minimal', count: false, missingDefault: true, resolution: 'merge-duplicates' }],
    ['resolution=ignore-duplicates', { return: 'minimal', count: false, missingDefault: false, resolution: 'ignore-duplicates' }],
    ['handling=strict, max-affected=3', { return: 'minimal', count: false, missingDefault: false, maxAffected: 3 }],
    ['max-affected=3', { return: 'minimal', count: false, missingDefault: false }],
    ['return=bogus, count=nope, x', { return: 'minimal', count: false, missingDefault: false }],
  ])('%j', (header, expected) => {
    expect(parsePrefer(header, 'minimal')).toEqual(expected);
  });
});

describe('parseAccept', () => {
  it.each([
    [undefined, { single: false, stripNulls: false }],
    ['*/*', { single: false, stripNulls: false }],
    ['application/json', { single: false, stripNulls: false }],
    ['application/vnd.pgrst.object+json', { single: true, stripNulls: false }],
    ['application/vnd.pgrst.object+json;nulls=stripped', { single: true, stripNulls: true }],
    ['application/vnd.pgrst.array+json;nulls=stripped', { single: false, stripNulls: true }],
    ['text/html, application/json;q=0.9', { single: false, stripNulls: false }],
  ])('%j', (header, expected) => {
    expect(parseAccept(header)).toEqual(expected);
  });

  it('refuses media types it cannot produce', () => {
    const e = httpErrorOf(() => parseAccept('text/csv'));
    expect(e.status).toBe(406);
    expect(e.body).toEqual({ code: 'PGRST107', details: null, hint: null, message: 'None of these media types are available: text/csv' });
  });
});

describe('parseRange', () => {
  it.each([
    [undefined, undefined],
    ['0-9', { offset: 0, limit: 10 }],
    ['items=5-5', { offset: 5, limit: 1 }],
    ['10-', { offset: 10 }],
    ['garbage', undefined],
  ])('%j', (header, expected) => {
    expect(parseRange(header)).toEqual(expected);
  });

  it('refuses an inverted range with 416', () => {
    expect(httpErrorOf(() => parseRange('9-2')).status).toBe(416);
  });
});

describe('checkProfile', () => {
  it('accepts public and no header, refuses other schemas', () => {
    expect(() => checkProfile(undefined)).not.toThrow();
    expect(() => checkProfile('public')).not.toThrow();
    const e = httpErrorOf(() => checkProfile('auth'));
    expect(e.status).toBe(406);
    expect(e.body).toEqual({
      code: 'PGRST106',
      details: null,
      hint: 'Only the following schemas are exposed: public',
      message: 'Invalid schema: auth',
    });
  });
});

describe('statusOf', () => {
  it.each([
    ['23505', 'anon', 409],
    ['23503', 'authenticated', 409],
    ['42501', 'anon', 401],
    ['42501', 'authenticated', 403],
    ['42501', 'service_role', 403],
    ['42P01', 'anon', 404],
    ['42883', 'anon', 404],
    ['42703', 'anon', 400],
    ['22P02', 'anon', 400],
    ['23502', 'anon', 400],
    ['23514', 'anon', 400],
    ['P0001', 'anon', 400],
    ['PT402', 'anon', 402],
    ['PT418', 'authenticated', 418],
    ['25006', 'anon', 405],
    ['40001', 'anon', 500],
    ['XX000', 'anon', 500],
    ['57014', 'anon', 500],
    ['42P17', 'anon', 500],
    ['P0002', 'anon', 500],
    ['08006', 'anon', 503],
  ] as const)('%s as %s ⇒ %i', (code, role, status) => {
    expect(statusOf(code, role)).toBe(status);
  });
});
