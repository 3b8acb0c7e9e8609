-- The Supabase roles, cluster-wide: created once, attributes re-stated on every run. Idempotent, and
-- safe against another run doing the same at once (the harness retries this file on a lost race).
-- Written from facts read in supabase/postgres and supabase/realtime (no source text copied); the files
-- and commits are in docs/SUPABASE-SHAPE.md ("Roles"). Applied by a superuser.

do $$
declare
  v_role text;
begin
  -- Created here as plain NOLOGIN roles; the attributes follow below.
  foreach v_role in array array['supabase_admin', 'anon', 'authenticated', 'service_role', 'authenticator',
                                'supabase_auth_admin', 'supabase_storage_admin', 'supabase_realtime_admin',
                                'shape_postgres'] loop
    if not exists (select from pg_roles where rolname = v_role) then
      begin
        execute format('create role %I', v_role);
      exception when duplicate_object or unique_violation then
        null; -- another run created it a moment ago
      end;
    end if;
  end loop;
end $$;

-- supabase/postgres init-scripts/00000000000000-initial-schema.sql: supabase_admin is the platform's
-- superuser. Here a NOLOGIN stand-in that only owns what Supabase's supabase_admin owns (schemas auth,
-- storage, realtime, extensions); this shared cluster must not gain a superuser.
alter role supabase_admin nologin;

-- The API roles cannot log in; initial-schema.sql made them NOINHERIT and
-- migrations/20230529180330_alter_api_roles_for_inherit.sql switched them to INHERIT. service_role bypasses RLS.
alter role anon nologin inherit;
alter role authenticated nologin inherit;
alter role service_role nologin inherit bypassrls;
-- initial-schema.sql also gives anon a 3 s and authenticated an 8 s statement_timeout. Not repeated
-- here: the roles are shared with the venue server's tests on this cluster, whose requests are not
-- Supabase's.

-- initial-schema.sql: authenticator (PostgREST's login) logs in, does not inherit, and may switch to the
-- three API roles (it was also given supabase_admin, taken back by migrations/20221103090837_revoke_admin.sql).
alter role authenticator login noinherit;
grant anon, authenticated, service_role to authenticator;

-- init-scripts/00000000000001-auth-schema.sql: supabase_auth_admin logs in, does not inherit, may create
-- roles, no replication; its search_path is auth.
alter role supabase_auth_admin login noinherit createrole noreplication;
alter role supabase_auth_admin set search_path = auth;

-- init-scripts/00000000000002-storage-schema.sql: supabase_storage_admin has the same attributes, search_path
-- storage; migrations/20231013070755_grant_authenticator_to_supabase_storage_admin.sql makes it a member of
-- authenticator.
alter role supabase_storage_admin login noinherit createrole noreplication;
alter role supabase_storage_admin set search_path = storage;
grant authenticator to supabase_storage_admin;

-- supabase/realtime migrations 20240401105812 and 20260707120000: supabase_realtime_admin cannot log in,
-- does not inherit, no replication.
alter role supabase_realtime_admin nologin noinherit noreplication;

-- The stand-in for Supabase's `postgres` (the role `supabase db push` and the dashboard use), which this
-- shared cluster cannot demote. migrations/10000000000000_demote-postgres.sql leaves postgres a login role
-- without superuser, with CREATEDB, CREATEROLE, REPLICATION and BYPASSRLS.
alter role shape_postgres nosuperuser createdb createrole login replication bypassrls;
-- init-scripts/00000000000003-post-setup.sql: its search_path is the user's own schema, public, extensions.
alter role shape_postgres set search_path to "$user", public, extensions;
-- Memberships of postgres: supabase_auth_admin and supabase_storage_admin (migrations/20220609081115),
-- the API roles (migrations/20230201083204), supabase_realtime_admin (supabase/realtime 20240401105812;
-- 20260707120000 takes it back only where supautils.policy_grants names realtime.messages; kept here, see
-- docs/SUPABASE-SHAPE.md), pg_read_all_data and pg_signal_backend (migrations/20240606060239).
grant supabase_auth_admin, supabase_storage_admin, supabase_realtime_admin to shape_postgres;
grant anon, authenticated, service_role to shape_postgres;
grant pg_read_all_data, pg_signal_backend to shape_postgres;
