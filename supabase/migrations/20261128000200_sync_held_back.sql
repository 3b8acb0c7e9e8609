-- sync_pull also answers "held_back": true when a wanted table (or the tombstones) has a row at or past
-- the watermark, i.e. one this answer held back because it is younger than the late-commit guard or a
-- transaction was still in flight. A pull answering a live poke then pulls once more just
-- after the guard (src/data/sync/live.ts) instead of leaving the change to the next periodic pull.
-- A new envelope field only: older builds strip it (docs/SYNC-COMPATIBILITY.md), the contract version
-- stays. Cheap: one probe per table on its (updated_at, id) index, and on sync_tombstones' (deleted_at, …).
-- The rebuild also (re)installs the live pokes on every mirrored table, so a migration that adds a table
-- and calls sync_pull_rebuild() gets them too.

/** Generates sync_pull as one static statement over sync_tables() (see 20261121000810). */
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
language plpgsql stable security invoker set search_path = '' as $body$
declare
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
