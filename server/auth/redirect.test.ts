import { describe, expect, it } from 'vitest';
import { LINK_ERROR_FRAGMENT, safeRedirect, withFragment } from './redirect.ts';

const SITE = 'https://show.example/app';
const API = 'http://127.0.0.1:54321';
const allowed = [SITE, API];

describe('safeRedirect', () => {
  it.each([
    ['https://show.example/app/reset?x=1', 'https://show.example/app/reset?x=1'],
    ['https://show.example/app', 'https://show.example/app'],
    ['http://127.0.0.1:54321/anything', 'http://127.0.0.1:54321/anything'],
    ['/reset-password', 'https://show.example/reset-password'],
  ])('keeps %s', (raw, expected) => {
    expect(safeRedirect(raw, SITE, allowed)).toBe(expected);
  });

  it.each([
    undefined,
    '',
    'https://evil.example/app',
    'https://show.example.evil.example/app',
    'https://show.example/application',
    'http://show.example/app',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    'not a url',
  ])('falls back to the site for %s', (raw) => {
    expect(safeRedirect(raw, SITE, allowed)).toBe(SITE);
  });
});

describe('withFragment', () => {
  it('sorts keys, form-encodes values and replaces an existing fragment', () => {
    expect(withFragment('https://a.example/r#old', { type: 'recovery', access_token: 'x', sb: '' })).toBe('https://a.example/r#access_token=x&sb=&type=recovery');
  });

  it('renders GoTrue’s link error', () => {
    expect(withFragment('https://a.example/', LINK_ERROR_FRAGMENT)).toBe(
      'https://a.example/#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=',
    );
  });
});
