-- The show catalogue: every cat entered in an event, as the printed catalogue lists it (SPEC §3). A
-- mirrored table, added under the sync contract's rules (docs/SYNC-COMPATIBILITY.md "What a migration may
-- do without a version bump"): installed builds do not name it and never receive it.
--
-- Registries number, class and word things differently (TICA blocks and late entries "52A", CFA colour
-- classes, FIFe EMS codes and classes 1–12, GCCF one number per pen), so what they share is modelled and
-- their words are kept as data: the class, the section heading and the colour are the organiser's text.
-- Public, as in a printed catalogue: number, name with titles, breed, colour, sex, date of birth, class,
-- sire and dam, cattery and pen. The owner is personal data: it holds only what the organiser writes
-- there with the exhibitor's consent. Addresses, e-mails and phones have no column.

create table public.catalogue_entries (
  id bigint generated always as identity primary key,
  event_id bigint not null references public.events (id) on delete cascade,
  -- As printed: a number with a capital letter for a late entry ("52A"), in the one form that
  -- shared/catalogue.ts's normaliseCatalogueNumber gives what a visitor or a sheet types ("052a").
  catalogue_number text not null check (catalogue_number ~ '^[1-9][0-9]{0,4}[A-Z]?$'),
  name text not null check (btrim(name) <> '' and char_length(name) <= 200),
  breed_id bigint not null references public.breeds (id),
  -- An EMS code is kept as written ("MCO n 22"), like any registry's colour words.
  colour text check (char_length(colour) <= 120),
  sex text not null check (sex in ('male', 'female')),
  date_of_birth date,
  class text check (char_length(class) <= 80),
  section text check (char_length(section) <= 120),
  cattery_id bigint references public.catteries (id) on delete set null,
  sire text check (char_length(sire) <= 200),
  dam text check (char_length(dam) <= 200),
  owner text check (char_length(owner) <= 200),
  pen text check (char_length(pen) <= 20),
  -- The cat did not come: listed and shown as "Absent", never hidden.
  absent boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index catalogue_entries_number_idx on public.catalogue_entries (event_id, catalogue_number);
create index catalogue_entries_sync_idx on public.catalogue_entries (updated_at, id);
create index catalogue_entries_breed_idx on public.catalogue_entries (breed_id);
create index catalogue_entries_cattery_idx on public.catalogue_entries (cattery_id);
create trigger sync_touch before insert or update on public.catalogue_entries
  for each row execute function public.sync_touch();
create trigger sync_tombstone after delete on public.catalogue_entries
  for each row execute function public.sync_tombstone();

alter table public.catalogue_entries enable row level security;
revoke all on table public.catalogue_entries from anon, authenticated;
grant select on table public.catalogue_entries to anon, authenticated;
create policy "catalogue is public" on public.catalogue_entries for select to anon, authenticated using (true);
select public.organisers_may_write('catalogue_entries');

create or replace function public.sync_tables() returns text[]
language sql immutable set search_path = '' as $$
  select array['breeds', 'organizations', 'catteries', 'cattery_has_breed', 'quality_labels',
               'cattery_has_quality_label', 'litters', 'litter_images', 'events', 'event_schedule', 'advertisers',
               'show_notices', 'catalogue_entries']
$$;
select public.sync_pull_rebuild();
