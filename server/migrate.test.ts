import { describe, expect, it } from 'vitest';
import type { Queryable } from './db/types.ts';
import { refuseSupabaseManaged, SupabaseManagedDatabaseError } from './migrate.ts';

/** A database whose catalogue answers the owner query with this row. */
const catalogue = (row: { schema_owner: string | null; users_owner: string | null }): Queryable => ({
  query: async <R>() => ({ rows: [row as R] }),
});

describe('refuseSupabaseManaged', () => {
  it.each([
    { schema_owner: null, users_owner: null, refused: null },
    { schema_owner: 'postgres', users_owner: 'postgres', refused: null },
    { schema_owner: 'venue', users_owner: 'venue', refused: null },
    { schema_owner: 'supabase_admin', users_owner: 'supabase_auth_admin', refused: 'auth.users is owned by supabase_auth_admin' },
    { schema_owner: 'supabase_auth_admin', users_owner: null, refused: 'auth is owned by supabase_auth_admin' },
    { schema_owner: 'supabase_admin', users_owner: 'postgres', refused: 'auth is owned by supabase_admin' },
  ])('auth $schema_owner, auth.users $users_owner → $refused', async ({ refused, ...row }) => {
    const refusal = await refuseSupabaseManaged(catalogue(row)).then(
      () => null,
      (e: unknown) => ({ managed: e instanceof SupabaseManagedDatabaseError, message: (e as Error).message }),
    );
    const message = `This database is managed by Supabase (${refused}); the venue server only runs on its own PGlite or PostgreSQL.`;
    expect(refusal?.managed ?? null).toBe(refused === null ? null : true);
    expect(refusal?.message ?? '').toContain(refused === null ? '' : message);
  });
});
