import { describe, expect, it } from 'vitest';
import { httpErrorOf } from '../../tests/helpers/http-error.ts';
import { checkPassword, checkPasswordStrength, hashPassword, normalizeEmail } from './validate.ts';

describe('normalizeEmail', () => {
  it('trims and lower-cases', () => {
    expect(normalizeEmail('  Alice+Cats@Example.COM ')).toBe('alice+cats@example.com');
  });

  it.each(['alice', 'alice@', '@example.com', 'a b@example.com', `${'a'.repeat(250)}@example.com`])('rejects %s', (raw) => {
    const e = httpErrorOf(() => normalizeEmail(raw));
    expect(e.status).toBe(400);
    expect(e.body).toEqual({
      code: 'validation_failed',
      error_code: 'validation_failed',
      msg: 'Unable to validate email address: invalid format',
      message: 'Unable to validate email address: invalid format',
    });
    expect(e.headers['X-Supabase-Api-Version']).toBe('2024-01-01');
  });
});

describe('passwords', () => {
  it.each([
    ['Ab1!xyz', 'Password must be at least 8 characters', ['length']],
    ['Abcdefg!', 'Password must contain at least one digit', ['characters']],
    ['Abcdefg1', 'Password must contain at least one special character', ['characters']],
    ['abcdef1!', 'Password must contain at least one uppercase letter', ['characters']],
    ['ABCDEF1!', 'Password must contain at least one lowercase letter', ['characters']],
    ['abc', 'Password must be at least 8 characters', ['length', 'characters']],
  ])('rejects %s as weak with the first problem and GoTrue reasons', (password, message, reasons) => {
    const e = httpErrorOf(() => checkPasswordStrength(password));
    expect(e.status).toBe(422);
    expect(e.body).toMatchObject({ code: 'weak_password', message, weak_password: { reasons } });
  });

  it('accepts a password meeting the rule, and follows a configured rule', () => {
    expect(() => checkPasswordStrength('Whiskers#2026')).not.toThrow();
    const lenient = { minLength: 6, digit: false, special: false, uppercase: false, lowercase: true };
    expect(() => checkPasswordStrength('kitten', lenient)).not.toThrow();
    expect(httpErrorOf(() => checkPasswordStrength('kitty', lenient)).body).toMatchObject({
      message: 'Password must be at least 6 characters',
    });
  });

  it('rejects passwords bcrypt would truncate', () => {
    expect(httpErrorOf(() => checkPasswordStrength(`Aa1!${'x'.repeat(70)}`)).status).toBe(422);
  });

  it('hashes with bcrypt and checks; a missing hash never matches', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^\$2[aby]\$10\$/);
    expect(await checkPassword('correct horse', hash)).toBe(true);
    expect(await checkPassword('wrong', hash)).toBe(false);
    expect(await checkPassword('anything', null)).toBe(false);
  });
});
