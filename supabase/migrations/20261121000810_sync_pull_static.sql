-- sync_pull with the same contract as in 20261121000200_sync.sql, built as one static statement.
-- The first version ran one dynamic EXECUTE per mirrored table, which Postgres parses and plans on
-- every call: that was most of the cost of a no-change resync, the request every phone in the hall
-- repeats. A static statement is planned once per session and then reused.
-- The statement is generated from sync_tables(): a migration that changes that list must run this
-- block again.
do $do$
declare
  v_table text;
  v_pages text := '';
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
                       limit v_limit + 1) t) as rows$q$,
      v_table);
  end loop;

  execute format($fn$
create or replace function public.sync_pull(p_cursors jsonb default '{}'::jsonb, p_limit integer default 1000)
returns jsonb
language plpgsql stable security invoker set search_path = '' as $body$
declare
  v_watermark timestamptz := public.sync_watermark();
  v_limit integer := least(greatest(coalesce(p_limit, 1000), 1), 1000);
  v_cursors jsonb := coalesce(p_cursors, '{}'::jsonb);
  v_cursor jsonb;
  v_tables jsonb;
  v_count integer;
  v_last jsonb;
  v_tomb_rows jsonb;
begin
  if jsonb_typeof(v_cursors) <> 'object' then
    raise exception using errcode = '22023', message = 'p_cursors must be a JSON object keyed by table name';
  end if;

  -- Per table: the rows after the client's keyset cursor, one more than the limit to tell "more".
  with pages as (%s),
  cut as (
    select name, jsonb_array_length(rows) > v_limit as more,
           case when jsonb_array_length(rows) > v_limit then rows - v_limit else rows end as rows
      from pages)
  select jsonb_object_agg(name, jsonb_build_object(
           'rows', rows,
           'more', more,
           'cursor', case when jsonb_array_length(rows) = 0 then v_cursors -> name
                          else jsonb_build_object('updated_at', rows -> -1 -> 'updated_at', 'id', rows -> -1 -> 'id') end))
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
end $body$$fn$, v_pages);
end $do$;
