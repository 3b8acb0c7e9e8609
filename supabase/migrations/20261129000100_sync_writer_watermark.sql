-- The late-commit guard counts only transactions that have written the catalogue.
--
-- Before: sync_watermark() = least(now(), min(xact_start) of EVERY open transaction in the cluster) − 1 s,
-- because a row carried its writer's transaction start (now()). On hosted Supabase its own services, an
-- idle pooled session or a forgotten SQL-editor "begin" stalled every phone's sync for as long as it
-- stayed open, though none of them could ever commit a catalogue row.
--
-- Now:
-- * A row's stamp (updated_at; a tombstone's deleted_at) is clock_timestamp() at the moment the row is
--   written, taken in the BEFORE ROW trigger sync_touch (now also on sync_tombstones, so the tombstone
--   the AFTER DELETE trigger writes, and the "on conflict" re-delete, are stamped the same way).
-- * Just before its FIRST stamp, a transaction takes a shared transaction-level advisory lock whose key
--   encodes that moment: key = 0x5359 ("SY") << 48 | epoch milliseconds, read from the clock before the
--   lock. It is held until the transaction ends (released with a rolled-back savepoint, together with
--   the rows it stamped). A session setting remembers which transaction already holds it (its xid), so
--   later rows cost one current_setting() each.
-- * sync_watermark() = least(now(), the earliest such key among OTHER transactions of this database) − 1 s.
--   pg_locks is read, never pg_stat_activity: no privilege is needed, and nothing but a catalogue writer
--   counts — an idle transaction, a reader, autovacuum, a TRUNCATE (which stamps nothing) do not.
-- * sync_pull becomes VOLATILE, so its queries take their snapshot AFTER the watermark was read.
--
-- Why no row is lost (a row committed after a pull read its rows must carry a stamp >= that pull's
-- watermark W, read at time R; the pull's queries see every transaction that ended before R):
-- * a writer that stamped a row before R holds its lock at R (unless it ended before R, and then the
--   pull sees its rows): W <= its key − 1 s < every stamp it writes, whenever it commits;
-- * a writer that takes its lock after R stamps after R, and R >= the pull's now() > W.
-- No clock is compared across processes except by the 1 s margin, as before. The margin is still there
-- so that W stays "now() − 1 s" when nobody writes, which the live show's guard (LIVE_GUARD_MS) counts on.
-- Multi-statement transactions: the key is the first stamp; every later one is later. Savepoints: a
-- rolled-back subtransaction drops its rows, its lock and the session setting together (checked).
-- Writers other than the organiser RPCs (the show import, the service role, the SQL editor, COPY) go
-- through the same triggers; one that disables them (session_replication_role = replica) never stamped
-- rows before either. TRUNCATE removes rows without tombstones, as before.
-- Keyset order (updated_at, id): unchanged and still total; rows of one transaction now carry distinct,
-- increasing stamps instead of one shared one. A writer that sat idle for an hour and then writes holds the
-- watermark back only from its first write, not from its begin, and only until it ends.
--
-- No ceiling. Holding back at most N seconds would let the watermark pass an uncommitted row: when it
-- commits, every phone whose cursor moved on never gets it (silently, until a full re-pull). A writer
-- that stays open is a stall everyone can see, and it ends with the transaction; it is logged instead:
-- while one holds the watermark back more than a minute, each pull logs a WARNING naming its pid, role
-- and application_name (visible in pg_stat_activity to any role; a prepared transaction has no pid).
--
-- Hosted Supabase: the migrating role `postgres` is not a superuser, but it owns these functions and
-- pg_locks (pg_lock_status()) shows every backend's locks, advisory ones included, to any role, so
-- PostgREST's sessions (authenticator) and the SQL editor's are seen. The watermark does not read
-- pg_stat_activity's xact_start, which PostgreSQL hides from a role without pg_read_all_stats (hosted
-- `postgres` has it through pg_monitor: supabase/postgres migrations/db/migrations/
-- 20230306081037_grant_pg_monitor_to_postgres.sql, but a self-hosted role may not): the
-- warning uses pid, usename and application_name, which pg_stat_activity shows every role (checked on
-- PostgreSQL 15 with a role holding no privilege).
--
-- The answer keeps its shape: only the values of the stamps (and so of cursors and the watermark) move
-- later, as they would for a later write (docs/SYNC-COMPATIBILITY.md).

create or replace function public.sync_touch() returns trigger
language plpgsql set search_path = '' as $$
declare
  v_before timestamptz;
begin
  if pg_catalog.current_setting('purrfect.sync_writer', true) is distinct from pg_catalog.pg_current_xact_id()::text then
    -- Read before the lock: the key can only be earlier than the stamps below.
    v_before := pg_catalog.clock_timestamp();
    perform pg_catalog.pg_advisory_xact_lock_shared(
      (21337::bigint << 48) + pg_catalog.floor(extract(epoch from v_before) * 1000)::bigint);
    -- Not local: a SET LOCAL inside a function with a SET clause ends with the function. A plain SET is
    -- undone by a rollback (to savepoint) like the lock, and the next transaction has another xid.
    perform pg_catalog.set_config('purrfect.sync_writer', pg_catalog.pg_current_xact_id()::text, false);
  end if;
  -- After the lock: sync_watermark() sees this transaction before any of its stamps exists.
  if tg_table_name = 'sync_tombstones' then
    new.deleted_at := pg_catalog.clock_timestamp();
  else
    new.updated_at := pg_catalog.clock_timestamp();
  end if;
  return new;
end $$;

-- Tombstones: stamped by the same trigger, whoever writes them (sync_tombstone() on delete, its
-- "on conflict do update" when a row id is deleted again).
create trigger sync_touch before insert or update on public.sync_tombstones
  for each row execute function public.sync_touch();

/**
 * The late-commit guard: no transaction still in flight can commit a row with a stamp below this.
 * Only transactions that have stamped a mirrored row (or tombstone) count, from their first stamp.
 */
create or replace function public.sync_watermark() returns timestamptz
language plpgsql stable security definer set search_path = '' as $$
declare
  v_first timestamptz;
  v_who text;
begin
  -- 0x53590000 .. 0x5359ffff: the high word of a writer key (see sync_touch).
  select pg_catalog.min(pg_catalog.to_timestamp(((l.classid::bigint - 1398341632) * 4294967296 + l.objid::bigint) / 1000.0))
    into v_first
    from pg_catalog.pg_locks l
   where l.locktype = 'advisory' and l.objsubid = 1
     and l.classid::bigint between 1398341632 and 1398407167
     and l.database = (select d.oid from pg_catalog.pg_database d where d.datname = pg_catalog.current_database())
     and l.pid is distinct from pg_catalog.pg_backend_pid();
  if v_first < now() - interval '1 minute' then
    select pg_catalog.string_agg(coalesce('pid ' || l.pid || ' (' || coalesce(a.usename::text, '?') || ', application_name '
                                          || coalesce(pg_catalog.quote_literal(a.application_name), '?') || ')',
                                          'a prepared transaction'), ', ')
      into v_who
      from pg_catalog.pg_locks l
      left join pg_catalog.pg_stat_activity a on a.pid = l.pid
     where l.locktype = 'advisory' and l.objsubid = 1
       and l.classid::bigint between 1398341632 and 1398407167
       and l.database = (select d.oid from pg_catalog.pg_database d where d.datname = pg_catalog.current_database())
       and l.pid is distinct from pg_catalog.pg_backend_pid()
       and pg_catalog.to_timestamp(((l.classid::bigint - 1398341632) * 4294967296 + l.objid::bigint) / 1000.0) < now() - interval '1 minute';
    raise warning 'sync_pull holds back catalogue changes since %: a transaction that wrote the catalogue is still open: %',
      v_first, v_who;
  end if;
  return least(now(), coalesce(v_first, now())) - interval '1 second';
end $$;

/**
 * Generates sync_pull as one static statement over sync_tables() (see 20261121000810, 20261128000200).
 * Unchanged but for VOLATILE: the watermark is read first, then each query takes a fresh snapshot, so a
 * writer that commits between the two is either seen by the query or was counted by the watermark.
 */
create or replace function public.sync_pull_rebuild() returns void
language plpgsql set search_path = '' as $do$
declare
  v_table text;
  v_pages text := '';
  v_probes text := '';
begin
  foreach v_table in array public.sync_tables() loop
    v_pages := v_pages || case when v_pages = '' then '' else ' union all ' end || format(
      $q$
      select %1$L::text as name,
             (select coalesce(jsonb_agg(to_jsonb(t) order by t.updated_at, t.id), '[]'::jsonb)
                from (select * from public.%1$I
                       where (updated_at, id) > (coalesce((v_cursors -> %1$L ->> 'updated_at')::timestamptz, '-infinity'::timestamptz),
                                                 coalesce((v_cursors -> %1$L ->> 'id')::bigint, 0))
                         and updated_at < v_watermark
                       order by updated_at, id
                       limit v_limit + 1) t) as rows
       where %1$L = any(v_wanted)$q$,
      v_table);
    -- held_back: one index probe on (updated_at, id) per wanted table.
    v_probes := v_probes || format(
      $q$ or (%1$L = any(v_wanted) and exists (select 1 from public.%1$I h where h.updated_at >= v_watermark))$q$,
      v_table);
  end loop;

  execute format($fn$
create or replace function public.sync_pull(p_cursors jsonb default '{}'::jsonb, p_limit integer default 1000,
                                            p_tables jsonb default null, p_client integer default 1)
returns jsonb
language plpgsql volatile security invoker set search_path = '' as $body$
declare
  -- First, before any query below takes its snapshot (the function is volatile for this).
  v_watermark timestamptz := public.sync_watermark();
  v_limit integer := least(greatest(coalesce(p_limit, 1000), 1), 1000);
  v_cursors jsonb := coalesce(p_cursors, '{}'::jsonb);
  v_wanted text[];
  v_cursor jsonb;
  v_tables jsonb;
  v_count integer;
  v_last jsonb;
  v_tomb_rows jsonb;
  v_held boolean;
begin
  if jsonb_typeof(v_cursors) <> 'object' then
    raise exception using errcode = '22023', message = 'p_cursors must be a JSON object keyed by table name';
  end if;
  if p_tables is null then
    v_wanted := public.sync_tables_v1();
  elsif jsonb_typeof(p_tables) <> 'array' or jsonb_array_length(p_tables) > 100
        or exists (select 1 from jsonb_array_elements(p_tables) e where jsonb_typeof(e) <> 'string') then
    raise exception using errcode = '22023', message = 'p_tables must be a JSON array of table names';
  else
    -- Names this server does not mirror (a table since dropped) are ignored: the client keeps its rows.
    v_wanted := array(select jsonb_array_elements_text(p_tables));
  end if;

  -- Per table: the rows after the client's keyset cursor, one more than the limit to tell "more".
  with pages as (%s),
  cut as (
    select name, jsonb_array_length(rows) > v_limit as more,
           case when jsonb_array_length(rows) > v_limit then rows - v_limit else rows end as rows
      from pages)
  select coalesce(jsonb_object_agg(name, jsonb_build_object(
           'rows', rows,
           'more', more,
           'cursor', case when jsonb_array_length(rows) = 0 then v_cursors -> name
                          else jsonb_build_object('updated_at', rows -> -1 -> 'updated_at', 'id', rows -> -1 -> 'id') end)),
           '{}'::jsonb)
    into v_tables
    from cut;

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

  -- Rows (or deletes) this answer held back at the watermark: the client pulls again just after it.
  v_held := exists (select 1 from public.sync_tombstones s
                     where s.deleted_at >= v_watermark and s.table_name = any(v_wanted))%s;

  return public.sync_contract() || jsonb_build_object(
    'watermark', v_watermark,
    'tombstone_horizon', public.sync_tombstone_horizon(),
    'limit', v_limit,
    'held_back', v_held,
    'tables', v_tables,
    'tombstones', jsonb_build_object(
      'rows', v_tomb_rows,
      'more', v_count > v_limit,
      'cursor', case when v_last is null then v_cursor
                     else jsonb_build_object('deleted_at', v_last -> 'deleted_at', 'table_name', v_last -> 'table_name',
                                             'row_id', v_last -> 'row_id') end));
end $body$$fn$, v_pages, v_probes);

  -- The live show's pokes (20261128000100): every mirrored table, including one a later migration adds.
  perform public.live_pokes_install();
end $do$;

select public.sync_pull_rebuild();

revoke execute on function public.sync_pull_rebuild() from public, anon, authenticated, service_role;
