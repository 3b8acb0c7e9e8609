-- What hosted Supabase provides before any migration runs, reproduced for PGlite and plain PostgreSQL.
-- Idempotent: it runs on every start, before supabase/migrations/*.sql. Never on a database Supabase
-- manages: server/migrate.ts refuses one before this file runs (docs/SUPABASE-SHAPE.md).

do $$
begin
  if not exists (select from pg_roles where rolname = 'anon') then create role anon nologin noinherit; end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then create role authenticated nologin noinherit; end if;
  if not exists (select from pg_roles where rolname = 'service_role') then create role service_role nologin noinherit bypassrls; end if;
end $$;

-- The connection user switches into these roles per request (PostgREST's `set local role`).
grant anon, authenticated, service_role to current_user;

create schema if not exists extensions;
create schema if not exists auth;
create schema if not exists storage;
create schema if not exists supabase_migrations;

create extension if not exists pgcrypto with schema extensions;
create extension if not exists "uuid-ossp" with schema extensions;

grant usage on schema public to anon, authenticated, service_role;
grant usage on schema extensions to anon, authenticated, service_role;
grant usage on schema auth to anon, authenticated, service_role;
grant usage on schema storage to anon, authenticated, service_role;

alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;

create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  name text,
  statements text[]
);

-- auth.users: the columns of hosted Supabase that migrations and the GoTrue subset touch.
create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key default gen_random_uuid(),
  aud varchar(255) default 'authenticated',
  role varchar(255) default 'authenticated',
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb not null default '{}',
  raw_user_meta_data jsonb not null default '{}',
  is_super_admin boolean,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  phone text,
  phone_confirmed_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  banned_until timestamptz,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
create unique index if not exists users_email_key on auth.users (lower(email));

create table if not exists auth.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  not_after timestamptz,
  aal text not null default 'aal1'
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

create table if not exists auth.refresh_tokens (
  id bigint generated always as identity primary key,
  token varchar(255) not null unique,
  user_id uuid not null references auth.users (id) on delete cascade,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  parent varchar(255),
  revoked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists refresh_tokens_session_idx on auth.refresh_tokens (session_id);

-- Counters for the auth endpoints' rate limits; in the database so several instances share them.
create table if not exists auth.rate_limits (
  key text not null,
  window_start timestamptz not null,
  hits integer not null default 0,
  primary key (key, window_start)
);

-- Failed sign-ins per account (a hash of the address, known or not), for the password grant's backoff.
create table if not exists auth.sign_in_failures (
  key text primary key,
  failures integer not null,
  last_failed_at timestamptz not null,
  locked_until timestamptz
);

create or replace function auth.jwt() returns jsonb language sql stable as $$
  select coalesce(nullif(current_setting('request.jwt.claim', true), ''),
                  nullif(current_setting('request.jwt.claims', true), ''))::jsonb
$$;
create or replace function auth.uid() returns uuid language sql stable as $$
  select nullif(auth.jwt() ->> 'sub', '')::uuid
$$;
create or replace function auth.role() returns text language sql stable as $$
  select auth.jwt() ->> 'role'
$$;
create or replace function auth.email() returns text language sql stable as $$
  select auth.jwt() ->> 'email'
$$;
grant execute on function auth.jwt(), auth.uid(), auth.role(), auth.email() to anon, authenticated, service_role;

-- Minimal storage schema: public buckets and their objects (bytes kept in the database).
create table if not exists storage.buckets (
  id text primary key,
  name text not null unique,
  public boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text not null references storage.buckets (id),
  name text not null,
  metadata jsonb not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (bucket_id, name)
);
-- The venue server keeps object bytes beside the row; hosted Supabase keeps them in S3.
create table if not exists storage.object_data (
  object_id uuid primary key references storage.objects (id) on delete cascade,
  data bytea not null
);
alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

-- The dev mailbox (/_dev/mail) used when no SMTP server is configured. Not reachable through the API roles.
create schema if not exists _dev;
create table if not exists _dev.mail (
  id bigint generated always as identity primary key,
  from_address text not null,
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text,
  created_at timestamptz not null default now()
);

-- Every outgoing mail is stored here first (server/mail/queue.ts) and delivered from here: to SMTP,
-- with capped backoff while it does not answer, or to the dev mailbox. A mail is never lost and,
-- once sent_at is set, never sent again (also across restarts). Not reachable through the API roles.
create schema if not exists _venue;
create table if not exists _venue.mail_queue (
  id bigint generated always as identity primary key,
  -- 'verification' | 'recovery' | 'coupon' | 'account' (what the mail is for; shown by venue:check)
  kind text not null,
  from_address text not null,
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text,
  -- The same Message-ID on every attempt, so a mail client shows a rare double delivery once.
  message_id text not null unique,
  created_at timestamptz not null default now(),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  -- Set while one sender holds the mail; a claim older than the send deadline is taken over.
  claimed_at timestamptz,
  last_error text,
  sent_at timestamptz,
  -- Permanent (5xx) refusals so far; at MAIL_RETRY.permanentRefusals the mail is given up (failed_at).
  refusals integer not null default 0,
  failed_at timestamptz
);
alter table _venue.mail_queue add column if not exists refusals integer not null default 0;
alter table _venue.mail_queue add column if not exists failed_at timestamptz;
drop index if exists _venue.mail_queue_pending;
create index if not exists mail_queue_due on _venue.mail_queue (next_attempt_at) where sent_at is null and failed_at is null;
-- Mail to one address lately (server/mail/queue.ts mailedLately): the per-address budget of account mail.
create index if not exists mail_queue_to on _venue.mail_queue (lower(to_address), created_at);

-- ─── GoTrue subset (server/auth) ───────────────────────────────────────────────────────────────
-- Hosted auth tables the venue server's GoTrue also keeps: a user's sign-in identities and how each
-- session was authenticated (the access token's `amr`).
create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid primary key default gen_random_uuid(),
  unique (provider_id, provider)
);
create index if not exists identities_user_id_idx on auth.identities (user_id);

create table if not exists auth.mfa_amr_claims (
  id uuid primary key default gen_random_uuid(),
  session_id uuid not null references auth.sessions (id) on delete cascade,
  authentication_method text not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unique (session_id, authentication_method)
);

-- E-mail link tokens are looked up by their hash.
create index if not exists users_recovery_token_idx on auth.users (recovery_token) where recovery_token is not null;
create index if not exists users_confirmation_token_idx on auth.users (confirmation_token) where confirmation_token is not null;

-- ─── Realtime broadcast from the database (server/realtime) ───────────────────────────────────
-- Hosted Supabase's realtime.send, with its signature: there it inserts into realtime.messages and
-- Realtime broadcasts the row. Here it is a NOTIFY on one channel (REALTIME_NOTIFY_CHANNEL in
-- server/realtime/hub.ts) that every venue server LISTENs to, so several servers on one PostgreSQL
-- each hear every message. NOTIFY is delivered at commit: a rolled-back change sends nothing.
create schema if not exists realtime;
create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void language plpgsql set search_path = '' as $$
declare
  -- No transaction age (20261129000100): rows carry the time they were written, up to this statement's
  -- end, so the hub counts sync_pull's late-commit guard from the NOTIFY's arrival, after the commit.
  v_message text := jsonb_build_object('topic', topic, 'event', event, 'payload', payload, 'private', private)::text;
begin
  -- A NOTIFY payload must stay under 8000 bytes: a larger message goes out without its payload.
  if octet_length(v_message) > 7900 then
    v_message := jsonb_build_object('topic', left(topic, 255), 'event', left(event, 255), 'payload', '{}'::jsonb,
                                    'private', private, 'truncated', true)::text;
  end if;
  perform pg_notify('venue_realtime', v_message);
exception when others then
  -- As hosted: a broadcast that cannot be sent never fails the write that sent it.
  raise warning 'WarnSendingBroadcastMessage: %', sqlerrm;
end $$;
revoke execute on function realtime.send(jsonb, text, text, boolean) from public, anon, authenticated;
