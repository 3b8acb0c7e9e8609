-- The part of Supabase Auth's `auth` schema this project touches, written here as facts (names, types,
-- nullability, defaults or their absence, keys, owners, grants) read from Supabase Auth's public schema.
-- Nothing below is copied from it; docs/SUPABASE-SHAPE.md names the source files and the commit, and what
-- is left out. Included by shape.sql, run as supabase_auth_admin (so it owns everything here, as on
-- Supabase, where GoTrue migrates its schema itself under that role) with search_path = auth.

-- ─── Type used by auth.sessions.aal.
create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');

-- ─── auth.users. Column order as GoTrue leaves it. `id` has no default (GoTrue supplies it);
-- raw_app_meta_data, created_at, updated_at are nullable without defaults; confirmed_at is computed.
create table auth.users (
  instance_id uuid,
  id uuid not null,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text,
  phone_confirmed_at timestamptz,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0,
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false,
  constraint users_pkey primary key (id),
  constraint users_phone_key unique (phone),
  constraint users_email_change_confirm_status_check check (email_change_confirm_status between 0 and 2)
);
-- One account per e-mail address among non-SSO users; the one-time tokens are unique unless blank or
-- purely numeric (an OTP).
create unique index users_email_partial_key on auth.users (email) where is_sso_user = false;
create unique index confirmation_token_idx on auth.users (confirmation_token) where confirmation_token !~ '^[0-9 ]*$';
create unique index recovery_token_idx on auth.users (recovery_token) where recovery_token !~ '^[0-9 ]*$';
create unique index email_change_token_new_idx on auth.users (email_change_token_new) where email_change_token_new !~ '^[0-9 ]*$';
create unique index email_change_token_current_idx on auth.users (email_change_token_current) where email_change_token_current !~ '^[0-9 ]*$';
create unique index reauthentication_token_idx on auth.users (reauthentication_token) where reauthentication_token !~ '^[0-9 ]*$';

-- ─── auth.identities: one row per sign-in method of a user; `email` is computed from identity_data.
create table auth.identities (
  provider_id text not null,
  user_id uuid not null,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid not null default gen_random_uuid(),
  constraint identities_pkey primary key (id),
  constraint identities_provider_id_provider_unique unique (provider_id, provider),
  constraint identities_user_id_fkey foreign key (user_id) references auth.users (id) on delete cascade
);

-- ─── auth.sessions. `id` has no default. oauth_client_id is a plain column here (see the doc).
create table auth.sessions (
  id uuid not null,
  user_id uuid not null,
  created_at timestamptz,
  updated_at timestamptz,
  factor_id uuid,
  aal auth.aal_level,
  not_after timestamptz,
  refreshed_at timestamp,
  user_agent text,
  ip inet,
  tag text,
  oauth_client_id uuid,
  refresh_token_hmac_key text,
  refresh_token_counter bigint,
  scopes text,
  constraint sessions_pkey primary key (id),
  constraint sessions_user_id_fkey foreign key (user_id) references auth.users (id) on delete cascade,
  constraint sessions_scopes_length check (char_length(scopes) <= 4096)
);

-- ─── auth.refresh_tokens: bigint id from its own sequence (refresh_tokens_id_seq); user_id is text.
create table auth.refresh_tokens (
  instance_id uuid,
  id bigserial not null,
  token varchar(255),
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent varchar(255),
  session_id uuid,
  constraint refresh_tokens_pkey primary key (id),
  constraint refresh_tokens_token_unique unique (token),
  constraint refresh_tokens_session_id_fkey foreign key (session_id) references auth.sessions (id) on delete cascade
);

-- ─── auth.mfa_amr_claims: every column required, none with a default, `id` included.
create table auth.mfa_amr_claims (
  session_id uuid not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  id uuid not null,
  constraint amr_id_pk primary key (id),
  constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method),
  constraint mfa_amr_claims_session_id_fkey foreign key (session_id) references auth.sessions (id) on delete cascade
);

-- ─── Row level security is on for every auth table, with no policy: only the owner and roles with
-- BYPASSRLS see rows. The API roles get no grant on any of them; `postgres` may read each and pass that
-- read on (SELECT with grant option). The rest of postgres's rights come from default privileges
-- (shape.sql).
alter table auth.users enable row level security;
alter table auth.identities enable row level security;
alter table auth.sessions enable row level security;
alter table auth.refresh_tokens enable row level security;
alter table auth.mfa_amr_claims enable row level security;
grant select on auth.users, auth.identities, auth.sessions, auth.refresh_tokens, auth.mfa_amr_claims
  to shape_postgres with grant option;

-- ─── The claim helpers. PostgREST puts the verified JWT into the transaction setting request.jwt.claims
-- (one JSON text); older PostgREST versions set one request.jwt.claim.<name> per claim instead. Each helper
-- takes the old per-claim setting when it is present and not empty, otherwise the claim of that name from
-- request.jwt.claims; NULL when neither is set. SQL, STABLE, security invoker, EXECUTE for everyone.

-- The `sub` claim as a uuid.
create function auth.uid() returns uuid language sql stable as $body$
  select cast(
    coalesce(nullif(current_setting('request.jwt.claim.sub', true), ''),
             cast(nullif(current_setting('request.jwt.claims', true), '') as jsonb) ->> 'sub')
    as uuid)
$body$;

-- The `role` claim (anon, authenticated, service_role).
create function auth.role() returns text language sql stable as $body$
  select coalesce(nullif(current_setting('request.jwt.claim.role', true), ''),
                  cast(nullif(current_setting('request.jwt.claims', true), '') as jsonb) ->> 'role')
$body$;

-- The `email` claim.
create function auth.email() returns text language sql stable as $body$
  select coalesce(nullif(current_setting('request.jwt.claim.email', true), ''),
                  cast(nullif(current_setting('request.jwt.claims', true), '') as jsonb) ->> 'email')
$body$;

-- All claims as jsonb: the old whole-token setting request.jwt.claim when set, else request.jwt.claims.
create function auth.jwt() returns jsonb language sql stable as $body$
  select cast(coalesce(nullif(current_setting('request.jwt.claim', true), ''),
                       nullif(current_setting('request.jwt.claims', true), '')) as jsonb)
$body$;
