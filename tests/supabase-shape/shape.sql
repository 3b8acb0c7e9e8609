-- A Supabase-shaped database for tests: what hosted Supabase holds before `supabase db push`. Written here
-- from facts read in Supabase's public schemas (the source file is named beside each part;
-- docs/SUPABASE-SHAPE.md lists the repositories and commits). No source text is copied. Run by a
-- superuser with psql on a fresh database owned by shape_postgres, after roles.sql:
--   psql -v ON_ERROR_STOP=1 -f tests/supabase-shape/shape.sql
-- What is left out is listed in the doc.
\set ON_ERROR_STOP 1
set client_min_messages = warning;

-- ─── Schemas and extensions: supabase/postgres migrations/db/init-scripts/00000000000000-initial-schema.sql,
-- which migrate.sh runs as `postgres` (then still a superuser), so what it creates is postgres's.
set role shape_postgres;
create schema if not exists extensions;
reset role;
create extension if not exists "uuid-ossp" with schema extensions;
create extension if not exists pgcrypto with schema extensions;
set role shape_postgres;
grant usage on schema public to shape_postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to shape_postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to shape_postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to shape_postgres, anon, authenticated, service_role;
grant usage on schema extensions to shape_postgres, anon, authenticated, service_role;
reset role;
alter default privileges for user supabase_admin in schema public grant all on sequences to shape_postgres, anon, authenticated, service_role;
alter default privileges for user supabase_admin in schema public grant all on tables to shape_postgres, anon, authenticated, service_role;
alter default privileges for user supabase_admin in schema public grant all on functions to shape_postgres, anon, authenticated, service_role;
-- migrations/20230224042246_grant_extensions_perms_for_postgres.sql
grant all privileges on all tables in schema extensions to shape_postgres with grant option;
grant all privileges on all routines in schema extensions to shape_postgres with grant option;
grant all privileges on all sequences in schema extensions to shape_postgres with grant option;

-- ─── auth: init-scripts/00000000000001-auth-schema.sql creates the schema AUTHORIZATION supabase_admin
-- and grants it to supabase_auth_admin; migrations/10000000000000_demote-postgres.sql and
-- 20211115181400_update-auth-permissions.sql give postgres everything in it, also for tables that
-- supabase_auth_admin creates later (default privileges).
create schema if not exists auth authorization supabase_admin;
grant usage on schema auth to anon, authenticated, service_role;
grant all privileges on schema auth to supabase_auth_admin;
grant all on schema auth to shape_postgres;
alter default privileges for role supabase_auth_admin in schema auth grant all on tables to shape_postgres;
alter default privileges for role supabase_auth_admin in schema auth grant all on sequences to shape_postgres;
alter default privileges for role supabase_auth_admin in schema auth grant all on routines to shape_postgres;

-- Supabase Auth (GoTrue) migrates its schema itself when it starts, connected as supabase_auth_admin. The
-- tables and functions this project touches, written from its schema as facts: auth.sql.
set role supabase_auth_admin;
set search_path = auth;
\ir auth.sql
reset search_path;
reset role;
grant all on all tables in schema auth to shape_postgres;
grant all on all sequences in schema auth to shape_postgres;
grant all on all routines in schema auth to shape_postgres;

-- ─── storage: init-scripts/00000000000002-storage-schema.sql (schema AUTHORIZATION supabase_admin, tables
-- created by postgres and handed to supabase_storage_admin), then supabase/storage's own
-- migrations/tenant/*.sql for the columns, functions and grants named beside them. Not all of them:
-- see the doc.
create schema if not exists storage authorization supabase_admin;
grant usage on schema storage to shape_postgres, anon, authenticated, service_role;
grant all privileges on schema storage to supabase_storage_admin;
-- migrations/10000000000000_demote-postgres.sql: postgres holds all rights on the schema.
grant all on schema storage to shape_postgres;

create table storage.buckets (
  id text not null primary key,
  name text not null,
  owner uuid,                                           -- 0018: deprecated, its foreign key dropped
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,                         -- 0008
  avif_autodetection bool default false,                -- 0012
  file_size_limit bigint,                               -- 0013 + 0014 (max_file_size_kb renamed, bigint)
  allowed_mime_types text[],                            -- 0013
  owner_id text                                         -- 0018
);
create unique index bname on storage.buckets using btree (name);

create table storage.objects (
  id uuid not null default gen_random_uuid() primary key,  -- 0019: default gen_random_uuid()
  bucket_id text constraint "objects_bucketId_fkey" references storage.buckets (id),
  name text,
  owner uuid,                                           -- 0017: foreign key to auth.users dropped
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,  -- 0003
  version text,                                         -- 0016
  owner_id text,                                        -- 0018
  user_metadata jsonb                                   -- 0025
);
create unique index bucketid_objname on storage.objects using btree (bucket_id, name);
create index name_prefix_search on storage.objects (name text_pattern_ops);

-- RLS on both, no policy: init script (objects) and 0007-add-rls-to-buckets.sql.
alter table storage.objects enable row level security;
alter table storage.buckets enable row level security;

-- 0060 (foldername, extension) and 0061 (filename), their current behaviour: the path is split on '/';
-- foldername is every part but the last, filename the last part, extension what follows the last '.' of
-- the file name (the whole name when it has none). plpgsql, immutable, as there.
create function storage.foldername(name text) returns text[] language plpgsql immutable as $body$
declare
  segments text[] := string_to_array(name, '/');
begin
  return segments[1 : array_length(segments, 1) - 1];
end
$body$;
create function storage.filename(name text) returns text language plpgsql immutable as $body$
declare
  segments text[] := string_to_array(name, '/');
begin
  return segments[array_length(segments, 1)];
end
$body$;
create function storage.extension(name text) returns text language plpgsql immutable as $body$
declare
  segments text[] := string_to_array(name, '/');
begin
  return substring(segments[array_length(segments, 1)] from '[^.]*$');
end
$body$;

-- 0055-prevent-direct-deletes.sql: a statement-level BEFORE DELETE trigger on buckets and on objects
-- refuses any DELETE with SQLSTATE 42501 unless the transaction set storage.allow_delete_query to 'true'
-- (the Storage API does). The message here is this project's wording.
create function storage.protect_delete() returns trigger language plpgsql as $body$
begin
  if current_setting('storage.allow_delete_query', true) is distinct from 'true' then
    raise insufficient_privilege using
      message = format('refused: DELETE on %I.%I outside the Storage API', tg_table_schema, tg_table_name),
      hint = 'Delete storage objects and buckets through the Storage API.';
  end if;
  return null;
end
$body$;
create trigger protect_buckets_delete before delete on storage.buckets for each statement execute function storage.protect_delete();
create trigger protect_objects_delete before delete on storage.objects for each statement execute function storage.protect_delete();

alter table storage.buckets owner to supabase_storage_admin;
alter table storage.objects owner to supabase_storage_admin;
alter function storage.foldername(text) owner to supabase_storage_admin;
alter function storage.filename(text) owner to supabase_storage_admin;
alter function storage.extension(text) owner to supabase_storage_admin;
alter function storage.protect_delete() owner to supabase_storage_admin;
-- 0046-buckets-objects-grants.sql and 0049-buckets-objects-grants-postgres.sql.
grant all on storage.buckets, storage.objects to service_role, authenticated, anon;
grant all on storage.buckets, storage.objects to shape_postgres with grant option;

-- ─── realtime: supabase/postgres migrations/20211118015519_create-realtime-schema.sql (run as
-- supabase_admin), then supabase/realtime's lib/realtime/tenants/repo/migrations/*.ex.
create schema if not exists realtime authorization supabase_admin;
-- 20211122051245_update-realtime-permissions.sql; realtime 20231204144023_set_required_grants.ex.
grant usage on schema realtime to shape_postgres, anon, authenticated, service_role;
-- realtime 20240401105812_create_realtime_admin_and_move_ownership.ex
grant all privileges on schema realtime to supabase_realtime_admin;

-- realtime.messages as 20241030150047_messages_partitioning.ex creates it (partitioned by range of
-- inserted_at), with 20241108114728_messages_using_uuid.ex (id uuid, primary key (id, inserted_at))
-- and 20260514120000_add_binary_payload_to_messages.ex (binary_payload).
create table realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp not null default now(),
  inserted_at timestamp not null default now(),
  id uuid not null default gen_random_uuid(),
  binary_payload bytea,
  primary key (id, inserted_at)
) partition by range (inserted_at);
alter table realtime.messages add constraint messages_payload_exclusive check (payload is null or binary_payload is null);
-- 20250905041441_create_messages_replay_index.ex
create index messages_inserted_at_topic_index on realtime.messages (inserted_at desc, topic)
  where extension = 'broadcast' and private is true;
alter table realtime.messages enable row level security;
alter table realtime.messages owner to supabase_realtime_admin;
grant select, update, insert on realtime.messages to shape_postgres, anon, authenticated, service_role;

-- realtime.send(payload, event, topic, private default true), as 20260605120000_rename_broadcast_send_warning.ex
-- leaves it: security invoker, plpgsql. It puts the topic into the transaction setting realtime.topic and
-- inserts one row into realtime.messages (extension 'broadcast', a new uuid as id, the payload with that id
-- added under "id" unless it has one). It never raises: any error becomes a WARNING whose text starts with
-- WarnSendingBroadcastMessage, and nothing is written (no partition for the day is such an error; it
-- creates none).
create function realtime.send(payload jsonb, event text, topic text, private boolean default true) returns void
language plpgsql as $body$
declare
  message_id uuid := gen_random_uuid();
begin
  perform set_config('realtime.topic', topic, true);
  insert into realtime.messages (id, topic, extension, event, private, payload)
  values (message_id, topic, 'broadcast', event, private,
          case when payload ? 'id' then payload else jsonb_set(payload, array['id'], to_jsonb(message_id)) end);
exception when others then
  raise warning 'WarnSendingBroadcastMessage: %', sqlerrm;
end
$body$;
-- 20260707120000_restrict_realtime_schema.ex
alter function realtime.send(jsonb, text, text, boolean) owner to supabase_realtime_admin;

-- The Realtime server creates a partition per UTC day from yesterday to three days ahead
-- (lib/realtime/tenants.ex create_messages_partitions/1), owned by supabase_realtime_admin.
do $$
declare
  v_day date;
  v_name text;
begin
  for v_day in select generate_series((now() at time zone 'utc')::date - 1, (now() at time zone 'utc')::date + 3, interval '1 day')::date loop
    v_name := 'messages_' || to_char(v_day, 'YYYY_MM_DD');
    execute format('create table if not exists realtime.%I partition of realtime.messages for values from (%L) to (%L)',
                   v_name, v_day, v_day + 1);
    execute format('alter table realtime.%I owner to supabase_realtime_admin', v_name);
  end loop;
end $$;
