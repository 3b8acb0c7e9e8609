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
  it('rejects short passwords as weak with the length reason', () => {
    const e = httpErrorOf(() => checkPasswordStrength('12345'));
    expect(e.status).toBe(422);
    expect(e.body).toMatchObject({
      code: 'weak_password',
      message: 'Password should be at least 6 characters.',
      weak_password: { reasons: ['length'] },
    });
    expect(() => checkPasswordStrength('123456')).not.toThrow();
  });

  it('rejects passwords bcrypt would truncate', () => {
    expect(httpErrorOf(() => checkPasswordStrength('x'.repeat(73))).status).toBe(422);
  });

  it('hashes with bcrypt and checks; a missing hash never matches', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^\$2[aby]\$10\$/);
    expect(await checkPassword('correct horse', hash)).toBe(true);
    expect(await checkPassword('wrong', hash)).toBe(false);
    expect(await checkPassword('anything', null)).toBe(false);
  });
});
