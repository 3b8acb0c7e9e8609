-- The sync contract, versioned (docs/SYNC-COMPATIBILITY.md). Installed apps are old apps: a phone may
-- run last year's build against this year's server, so sync_pull must keep answering what each build
-- can read.
--  * A client names the tables it mirrors (p_tables) and gets only those; a build from before this
--    migration names none and gets the frozen v1 set, so a table added later never reaches it.
--  * The envelope carries schema_version (this server's contract) and min_client (the oldest client
--    contract that can still read it). A client below min_client stops pulling, keeps its mirror and
--    asks the visitor to reload.
--  * p_client is the caller's contract version (1 when absent): the hook for answering an old client
--    in its own shape when a change cannot be made compatibly.
-- sync_pull is generated from sync_tables() by sync_pull_rebuild(): a migration that adds a mirrored
-- table appends it to sync_tables() and calls sync_pull_rebuild().

/** The contract this database speaks. Bump schema_version for any change; min_client only for a breaking one. */
create function public.sync_contract() returns jsonb
language sql immutable set search_path = '' as $$
  select jsonb_build_object('schema_version', 2, 'min_client', 1)
$$;

/** The tables a client that names none (contract v1, the builds before p_tables) knows: frozen. */
create function public.sync_tables_v1() returns text[]
language sql immutable set search_path = '' as $$
  select array['breeds', 'organizations', 'catteries', 'cattery_has_breed', 'quality_labels',
               'cattery_has_quality_label', 'litters', 'litter_images', 'events', 'event_schedule', 'advertisers']
$$;

drop function public.sync_pull(jsonb, integer);

/** Generates sync_pull as one static statement over sync_tables() (see 20261121000810). */
create function public.sync_pull_rebuild() returns void
language plpgsql set search_path = '' as $do$
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
                       limit v_limit + 1) t) as rows
       where %1$L = any(v_wanted)$q$,
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

  return public.sync_contract() || jsonb_build_object(
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

select public.sync_pull_rebuild();

-- sync_pull runs as its caller, so the API roles may call what it calls (constants, nothing secret).
-- sync_pull_rebuild is for migrations only: it creates a function, which no API role may.
revoke execute on function public.sync_pull_rebuild() from public, anon, authenticated, service_role;
grant execute on function public.sync_contract(), public.sync_tables_v1(),
                          public.sync_pull(jsonb, integer, jsonb, integer) to anon, authenticated;
grant execute on function public.sync_contract(), public.sync_tables_v1(),
                          public.sync_pull(jsonb, integer, jsonb, integer) to service_role;
