import { describe, expect, it } from 'vitest';
import { signInInUrl } from './auth.ts';

describe('signInInUrl', () => {
  it.each([
    ['#access_token=abc&type=recovery', ''],
    ['#error=access_denied&error_description=Email+link+is+invalid', ''],
    ['', '?code=0b7c5f'],
    ['#type=signup&access_token=abc', ''],
  ])('an email link back into the app (%s%s) loads supabase-js at once', (hash, search) => {
    expect(signInInUrl({ hash, search })).toBe(true);
  });

  it.each([
    ['', ''],
    ['#ring-3', '?q=bella'],
    ['', '?barcode=123'],
  ])('an ordinary address (%s%s) does not', (hash, search) => {
    expect(signInInUrl({ hash, search })).toBe(false);
  });
});
