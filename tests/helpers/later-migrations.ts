// Migrations a later show might ship, applied to a running server by the compatibility tests (the data
// layer's and the e2e one): what docs/SYNC-COMPATIBILITY.md allows without a version bump, and a bump.

/** A new mirrored table (sponsors, one row) and a new column on breeds; the Abyssinian changes. */
export const ADD_SPONSORS_AND_BREED_ORIGIN = `
  create table public.sponsors (id bigint generated always as identity primary key, name text not null,
                                updated_at timestamptz not null default now());
  create index sponsors_sync_idx on public.sponsors (updated_at, id);
  create trigger sync_touch before insert or update on public.sponsors for each row execute function public.sync_touch();
  create trigger sync_tombstone after delete on public.sponsors for each row execute function public.sync_tombstone();
  alter table public.sponsors enable row level security;
  grant select on public.sponsors to anon, authenticated;
  create policy "catalogue is public" on public.sponsors for select to anon, authenticated using (true);
  do $do$ begin
    execute format($f$create or replace function public.sync_tables() returns text[] language sql immutable
                      set search_path = '' as $b$ select %L::text[] $b$$f$,
                   array_append(public.sync_tables(), 'sponsors'));
  end $do$;
  select public.sync_pull_rebuild();
  alter table public.breeds add column origin_country text not null default 'unknown';
  insert into public.sponsors (name) values ('Whisker Foods');
  update public.breeds set origin_country = 'Ethiopia', breed_name = 'Abyssinian (new)' where universal_breed_abbreviation = 'ABY';
`;

/** A breaking change announced: clients below contract `minClient` must reload into a newer build. */
export function raiseMinClient(minClient: number): string {
  return `
    create or replace function public.sync_contract() returns jsonb language sql immutable set search_path = '' as $$
      select jsonb_build_object('schema_version', ${minClient}, 'min_client', ${minClient})
    $$;`;
}
