-- Sync columns for the offline mirror (docs/DESIGN.md §4.1):
-- updated_at kept by trigger, a (updated_at, id) keyset index, and deletes recorded as tombstones.

create function public.sync_touch() returns trigger
language plpgsql set search_path = '' as $$
begin
  -- now() is the transaction start, which is what the watermark in sync_pull reasons about.
  new.updated_at := now();
  return new;
end $$;

create table public.sync_tombstones (
  table_name text not null,
  row_id text not null,
  deleted_at timestamptz not null default now(),
  primary key (table_name, row_id)
);
create index sync_tombstones_keyset_idx on public.sync_tombstones (deleted_at, table_name, row_id);

create function public.sync_tombstone() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.sync_tombstones (table_name, row_id) values (tg_table_name, old.id::text)
  on conflict (table_name, row_id) do update set deleted_at = now();
  return old;
end $$;

/** The tables the PWA mirrors into IndexedDB, in the order a first sync should fill them. */
create function public.sync_tables() returns text[]
language sql immutable set search_path = '' as $$
  select array['breeds', 'organizations', 'catteries', 'cattery_has_breed', 'quality_labels',
               'cattery_has_quality_label', 'litters', 'litter_images', 'events', 'event_schedule', 'advertisers']
$$;

do $$
declare t text;
begin
  foreach t in array public.sync_tables() loop
    execute format('alter table public.%I add column updated_at timestamptz not null default now()', t);
    execute format('create index %I on public.%I (updated_at, id)', t || '_sync_idx', t);
    execute format('create trigger sync_touch before insert or update on public.%I
                      for each row execute function public.sync_touch()', t);
    execute format('create trigger sync_tombstone after delete on public.%I
                      for each row execute function public.sync_tombstone()', t);
  end loop;
end $$;

/**
 * The late-commit guard: no transaction still in flight can commit a row with updated_at below this.
 * updated_at = now() = the writer's transaction start, so the oldest open transaction bounds it.
 * One second of margin covers a backend that has started but not yet published its xact_start.
 */
create function public.sync_watermark() returns timestamptz
language sql stable security definer set search_path = '' as $$
  select least(now(), coalesce((select min(xact_start) from pg_catalog.pg_stat_activity
                                 where xact_start is not null and pid <> pg_catalog.pg_backend_pid()), now()))
         - interval '1 second'
$$;

/** Tombstones older than this are pruned; a client whose cursor is older must re-pull the table. */
create function public.sync_tombstone_horizon() returns timestamptz
language sql stable set search_path = '' as $$
  select now() - interval '30 days'
$$;

create function public.sync_prune_tombstones() returns integer
language sql security definer set search_path = '' as $$
  with gone as (delete from public.sync_tombstones where deleted_at < public.sync_tombstone_horizon() returning 1)
  select count(*)::integer from gone
$$;

/**
 * One round trip for a whole sync cycle: for every mirrored table, the rows after the client's
 * keyset cursor (updated_at, id), up to p_limit each, plus tombstones after their cursor.
 * Rows at or past the watermark are held back so a cursor never passes a late commit.
 * Security invoker: the caller's RLS decides what is returned.
 *
 * p_cursors: {"breeds": {"updated_at": "...", "id": 12}, ..., "_tombstones": {"deleted_at": "...", "table_name": "...", "row_id": "..."}}
 */
create function public.sync_pull(p_cursors jsonb default '{}'::jsonb, p_limit integer default 1000)
returns jsonb
language plpgsql stable security invoker set search_path = '' as $$
declare
  v_watermark timestamptz := public.sync_watermark();
  v_limit integer := least(greatest(coalesce(p_limit, 1000), 1), 1000);
  v_cursors jsonb := coalesce(p_cursors, '{}'::jsonb);
  v_table text;
  v_cursor jsonb;
  v_rows jsonb;
  v_count integer;
  v_last jsonb;
  v_tables jsonb := '{}'::jsonb;
  v_tomb_rows jsonb;
begin
  if jsonb_typeof(v_cursors) <> 'object' then
    raise exception using errcode = '22023', message = 'p_cursors must be a JSON object keyed by table name';
  end if;

  foreach v_table in array public.sync_tables() loop
    v_cursor := v_cursors -> v_table;
    execute format(
      'select coalesce(jsonb_agg(to_jsonb(t) order by t.updated_at, t.id), ''[]''::jsonb), count(*)::integer
         from (select * from public.%I
                where (updated_at, id) > ($1, $2) and updated_at < $3
                order by updated_at, id
                limit $4 + 1) t', v_table)
      into v_rows, v_count
      using coalesce((v_cursor ->> 'updated_at')::timestamptz, '-infinity'::timestamptz),
            coalesce((v_cursor ->> 'id')::bigint, 0),
            v_watermark, v_limit;
    if v_count > v_limit then
      v_rows := v_rows - v_limit;
    end if;
    v_last := v_rows -> -1;
    v_tables := v_tables || jsonb_build_object(v_table, jsonb_build_object(
      'rows', v_rows,
      'more', v_count > v_limit,
      'cursor', case when v_last is null then v_cursor
                     else jsonb_build_object('updated_at', v_last -> 'updated_at', 'id', v_last -> 'id') end));
  end loop;

  v_cursor := v_cursors -> '_tombstones';
  select coalesce(jsonb_agg(to_jsonb(t) order by t.deleted_at, t.table_name, t.row_id), '[]'::jsonb), count(*)::integer
    into v_tomb_rows, v_count
    from (select s.table_name, s.row_id, s.deleted_at from public.sync_tombstones s
           where (s.deleted_at, s.table_name, s.row_id) >
                 (coalesce((v_cursor ->> 'deleted_at')::timestamptz, '-infinity'::timestamptz),
                  coalesce(v_cursor ->> 'table_name', ''), coalesce(v_cursor ->> 'row_id', ''))
             and s.deleted_at < v_watermark
           order by s.deleted_at, s.table_name, s.row_id
           limit v_limit + 1) t;
  if v_count > v_limit then
    v_tomb_rows := v_tomb_rows - v_limit;
  end if;
  v_last := v_tomb_rows -> -1;

  return jsonb_build_object(
    'watermark', v_watermark,
    'tombstone_horizon', public.sync_tombstone_horizon(),
    'limit', v_limit,
    'tables', v_tables,
    'tombstones', jsonb_build_object(
      'rows', v_tomb_rows,
      'more', v_count > v_limit,
      'cursor', case when v_last is null then v_cursor
                     else jsonb_build_object('deleted_at', v_last -> 'deleted_at', 'table_name', v_last -> 'table_name',
                                             'row_id', v_last -> 'row_id') end));
end $$;
