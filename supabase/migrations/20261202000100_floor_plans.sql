-- The hall: per event a floor plan (one picture and the coordinate space drawn on it) and its places
-- (SPEC §3). Two mirrored tables and two advertiser columns, added under the sync contract's rules
-- (docs/SYNC-COMPATIBILITY.md "What a migration may do without a version bump"): installed builds do not
-- name the tables and never receive them; they strip the new columns.
--
-- An organiser does not draw 300 pens: a benching row names its pens in order along the row
-- ("A1-A20, A21-A40"), and a pen is found inside its row (shared/floor-plan.ts). A ring is the schedule's
-- location of that name, so "Ring 3" on the plan is the "Ring 3" of every session there.

-- Advertisers: where the stand is and when it is open (the seed's "vendor information"), as the organiser
-- words them ("Stand 12", "Sat–Sun 10:00–18:00").
alter table public.advertisers
  add column stand text check (char_length(stand) <= 40),
  add column opening_hours text check (char_length(opening_hours) <= 200);

create table public.floor_plans (
  id bigint generated always as identity primary key,
  event_id bigint not null unique references public.events (id) on delete cascade,
  -- The picture in the images bucket (an SVG as is; a raster one as its photo-pipeline variants).
  image_url text not null check (char_length(image_url) <= 300),
  -- The plan's own coordinates: x right and y down from the picture's top left, in the picture's units.
  width double precision not null check (width > 0 and width <= 100000),
  height double precision not null check (height > 0 and height <= 100000),
  -- The picture in words, for a screen reader and for a phone whose picture has not arrived.
  description text check (char_length(description) <= 500),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index floor_plans_sync_idx on public.floor_plans (updated_at, id);

create table public.places (
  id bigint generated always as identity primary key,
  floor_plan_id bigint not null references public.floor_plans (id) on delete cascade,
  kind text not null check (kind in ('ring', 'benching', 'stand', 'facility', 'area')),
  -- For a facility, what it is; the app words each kind (src/ui/floor-plan-texts.ts).
  facility text check (facility in ('entrance', 'exit', 'toilets', 'food', 'first_aid', 'vet_check', 'info_desk')),
  label text not null check (btrim(label) <> '' and char_length(label) <= 80),
  -- The place's bounding rectangle in the plan's coordinates; outline, when set, is the polygon inside it
  -- ([[x, y], …], three points or more), otherwise the place is the rectangle.
  x double precision not null,
  y double precision not null,
  width double precision not null check (width > 0),
  height double precision not null check (height > 0),
  outline jsonb check (outline is null or (jsonb_typeof(outline) = 'array' and jsonb_array_length(outline) between 3 and 200)),
  -- A ring: the schedule location it is ("Ring 1").
  location text check (btrim(location) <> '' and char_length(location) <= 100),
  -- A benching row: its pens in order along the row, ranges and single pens ("A1-A20, A21-A40").
  pens text check (btrim(pens) <> '' and char_length(pens) <= 500),
  -- A stand: its advertiser. Deleting the advertiser deletes its stand.
  advertiser_id bigint references public.advertisers (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- What each kind is: a ring names its location, a row its pens, a stand its advertiser, a facility its kind.
  constraint places_ring_location check ((kind = 'ring') = (location is not null)),
  constraint places_benching_pens check ((kind = 'benching') = (pens is not null)),
  constraint places_stand_advertiser check ((kind = 'stand') = (advertiser_id is not null)),
  constraint places_facility_kind check ((kind = 'facility') = (facility is not null))
);
create index places_sync_idx on public.places (updated_at, id);
create index places_floor_plan_idx on public.places (floor_plan_id);
create index places_advertiser_idx on public.places (advertiser_id);

/**
 * A ring names a location of its event's schedule: "Ring 9" where no session is held is a typing error,
 * refused with words the import and the console show as they are.
 */
create function public.places_check_ring() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.kind = 'ring' and new.location is not null and not exists (
    select 1 from public.event_schedule s join public.floor_plans p on p.event_id = s.event_id
     where p.id = new.floor_plan_id and lower(btrim(s.location)) = lower(btrim(new.location))
  ) then
    raise exception using errcode = '23514', message = format('No session of this show is held in "%s"', btrim(new.location));
  end if;
  return new;
end $$;
create trigger places_check_ring before insert or update of kind, location, floor_plan_id on public.places
  for each row execute function public.places_check_ring();

do $$
declare t text;
begin
  foreach t in array array['floor_plans', 'places'] loop
    execute format('create trigger sync_touch before insert or update on public.%I for each row execute function public.sync_touch()', t);
    execute format('create trigger sync_tombstone after delete on public.%I for each row execute function public.sync_tombstone()', t);
    execute format('alter table public.%I enable row level security', t);
    execute format('revoke all on table public.%I from anon, authenticated', t);
    execute format('grant select on table public.%I to anon, authenticated', t);
    execute format('create policy "the hall is public" on public.%I for select to anon, authenticated using (true)', t);
    perform public.organisers_may_write(t);
  end loop;
end $$;

create or replace function public.sync_tables() returns text[]
language sql immutable set search_path = '' as $$
  select array['breeds', 'organizations', 'catteries', 'cattery_has_breed', 'quality_labels',
               'cattery_has_quality_label', 'litters', 'litter_images', 'events', 'event_schedule', 'advertisers',
               'show_notices', 'catalogue_entries', 'floor_plans', 'places']
$$;
select public.sync_pull_rebuild();
