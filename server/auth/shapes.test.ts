import { describe, expect, it } from 'vitest';
import { accessTokenClaims, emailIdentityData, mergeMetadata, sessionJson, userJson, type UserRow } from './shapes.ts';

const ID = '5d0a5e0c-0000-4000-8000-000000000001';
const T = new Date('2025-01-01T00:00:00.000Z');

function row(over: Partial<UserRow> = {}): UserRow {
  return {
    id: ID,
    aud: 'authenticated',
    role: 'authenticated',
    email: 'alice@example.com',
    encrypted_password: '$2b$10$secret',
    email_confirmed_at: T,
    invited_at: null,
    confirmation_sent_at: null,
    recovery_sent_at: null,
    last_sign_in_at: T,
    raw_app_meta_data: { provider: 'email', providers: ['email'] },
    raw_user_meta_data: { first_name: 'Ada', ...emailIdentityData(ID, 'alice@example.com', true) },
    created_at: T,
    updated_at: T,
    phone: null,
    phone_confirmed_at: null,
    confirmed_at: T,
    banned_until: null,
    is_anonymous: false,
    identities: [
      {
        id: 'ident-1',
        provider_id: ID,
        user_id: ID,
        identity_data: emailIdentityData(ID, 'alice@example.com', true),
        provider: 'email',
        email: 'alice@example.com',
        last_sign_in_at: '2025-01-01T00:00:00+00:00',
        created_at: '2025-01-01T00:00:00+00:00',
        updated_at: '2025-01-01T00:00:00+00:00',
      },
    ],
    ...over,
  };
}

describe('userJson', () => {
  it('renders GoTrue’s user object, omitting null optional fields and never the password hash', () => {
    const u = userJson(row());
    expect(Object.keys(u)).toEqual([
      'id',
      'aud',
      'role',
      'email',
      'email_confirmed_at',
      'phone',
      'confirmed_at',
      'last_sign_in_at',
      'app_metadata',
      'user_metadata',
      'identities',
      'created_at',
      'updated_at',
      'is_anonymous',
    ]);
    expect(u).toMatchObject({
      email_confirmed_at: '2025-01-01T00:00:00.000Z',
      phone: '',
      user_metadata: { first_name: 'Ada', email: 'alice@example.com', email_verified: true, phone_verified: false, sub: ID },
    });
    expect(JSON.stringify(u)).not.toContain('$2b$');
  });

  it('renders identities with identity_id and provider id, times in UTC', () => {
    expect(userJson(row()).identities).toEqual([
      {
        identity_id: 'ident-1',
        id: ID,
        user_id: ID,
        identity_data: { email: 'alice@example.com', email_verified: true, phone_verified: false, sub: ID },
        provider: 'email',
        last_sign_in_at: '2025-01-01T00:00:00.000Z',
        created_at: '2025-01-01T00:00:00.000Z',
        updated_at: '2025-01-01T00:00:00.000Z',
        email: 'alice@example.com',
      },
    ]);
  });

  it('includes recovery_sent_at once a link was sent, and defaults a seeded user’s nulls', () => {
    const u = userJson(row({ recovery_sent_at: T, aud: null, role: null, raw_user_meta_data: null, identities: [] }));
    expect(u).toMatchObject({
      recovery_sent_at: T.toISOString(),
      aud: 'authenticated',
      role: 'authenticated',
      user_metadata: {},
      identities: [],
    });
  });
});

describe('access token claims and session', () => {
  const claims = accessTokenClaims({
    issuer: 'http://127.0.0.1:54321/auth/v1',
    user: row(),
    sessionId: 'sess-1',
    amr: [{ method: 'password', timestamp: 1_700_000_000 }],
    issuedAt: 1_700_000_000,
    expiresIn: 3600,
  });

  it('has exactly GoTrue’s claims in GoTrue’s order', () => {
    expect(Object.keys(claims)).toEqual([
      'iss',
      'sub',
      'aud',
      'exp',
      'iat',
      'email',
      'phone',
      'app_metadata',
      'user_metadata',
      'role',
      'aal',
      'amr',
      'session_id',
      'is_anonymous',
    ]);
    expect(claims).toMatchObject({
      sub: ID,
      aud: 'authenticated',
      exp: 1_700_003_600,
      role: 'authenticated',
      aal: 'aal1',
      phone: '',
    });
  });

  it('session object carries expiry from the claims', () => {
    const s = sessionJson('a.b.c', 'refresh', claims, row());
    expect(s).toMatchObject({
      access_token: 'a.b.c',
      token_type: 'bearer',
      expires_in: 3600,
      expires_at: 1_700_003_600,
      refresh_token: 'refresh',
    });
    expect(s.user.id).toBe(ID);
  });
});

describe('mergeMetadata', () => {
  it('merges keys and drops those set to null', () => {
    expect(mergeMetadata({ a: 1, b: 2 }, { b: null, c: 3 })).toEqual({ a: 1, c: 3 });
  });
});
