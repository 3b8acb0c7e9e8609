-- The show's public catalogue (SPEC §3): registries, breeds, catteries, labels, litters, events, advertisers.
-- Content ids are identities; every table also gets sync columns in the next migration.

create table public.organizations (
  id bigint generated always as identity primary key,
  name text not null check (btrim(name) <> ''),
  abbreviation text,
  description text
);
comment on table public.organizations is 'Cat registries (FIFe, TICA, …) that certify catteries.';

create table public.breeds (
  id bigint generated always as identity primary key,
  breed_name text not null unique check (btrim(breed_name) <> ''),
  universal_breed_abbreviation text not null unique check (universal_breed_abbreviation ~ '^[A-Za-z0-9-]{2,12}$'),
  overview_image text,
  detail_images text,
  activity_level text,
  grooming_level text,
  vocality text,
  habitat text,
  life_expectancy text,
  colors text,
  about text,
  temperament text,
  health_and_development text,
  health_challenges text,
  health_tests text,
  coat_length text,
  body_type text,
  shedding_level text,
  independence_level text
);
comment on column public.breeds.detail_images is 'A text list in braces, comma separated, optionally quoted (SPEC §3).';

-- The /catteries/{catteryName} slug: lowercase, non-alphanumerics removed, spaces to hyphens (SPEC §2).
create function public.cattery_slug(p_name text) returns text
language sql immutable strict parallel safe set search_path = '' as $$
  select regexp_replace(regexp_replace(lower(btrim(p_name)), '[^a-z0-9 ]', '', 'g'), ' +', '-', 'g')
$$;

create table public.catteries (
  id bigint generated always as identity primary key,
  name text not null check (btrim(name) <> ''),
  profile_image_url text,
  city text,
  country text,
  street_address text,
  postal_code text,
  website text,
  website_url text,
  email text check (email is null or email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  phone text,
  first_name text,
  last_name text,
  description text,
  is_verified boolean not null default false,
  detail_images text[] not null default '{}',
  organization_id bigint references public.organizations (id) on delete set null,
  latitude double precision check (latitude between -90 and 90),
  longitude double precision check (longitude between -180 and 180)
);
-- Two catteries whose slugs collide would make one of their pages unreachable.
create unique index catteries_slug_key on public.catteries (public.cattery_slug(name));
create index catteries_organization_id_idx on public.catteries (organization_id);

create table public.cattery_has_breed (
  id bigint generated always as identity primary key,
  cattery_id bigint not null references public.catteries (id) on delete cascade,
  breed_id bigint not null references public.breeds (id) on delete cascade,
  certification_url text,
  certification_date date,
  is_primary_breed boolean not null default false,
  unique (cattery_id, breed_id)
);
create index cattery_has_breed_breed_id_idx on public.cattery_has_breed (breed_id);

create table public.quality_labels (
  id bigint generated always as identity primary key,
  name text not null unique check (btrim(name) <> ''),
  description text
);

create table public.cattery_has_quality_label (
  id bigint generated always as identity primary key,
  cattery_id bigint not null references public.catteries (id) on delete cascade,
  quality_label_id bigint not null references public.quality_labels (id) on delete cascade,
  issued_date date,
  expiration_date date,
  certificate_url text,
  unique (cattery_id, quality_label_id),
  check (expiration_date is null or issued_date is null or expiration_date >= issued_date)
);
create index cattery_has_quality_label_label_idx on public.cattery_has_quality_label (quality_label_id);

create table public.litters (
  id bigint generated always as identity primary key,
  cattery_id bigint not null references public.catteries (id) on delete cascade,
  breed_id bigint references public.breeds (id) on delete set null,
  date_of_birth date not null,
  num_male_kittens integer not null default 0 check (num_male_kittens >= 0),
  num_female_kittens integer not null default 0 check (num_female_kittens >= 0),
  available_male_kittens integer not null default 0
    check (available_male_kittens >= 0 and available_male_kittens <= num_male_kittens),
  available_female_kittens integer not null default 0
    check (available_female_kittens >= 0 and available_female_kittens <= num_female_kittens),
  litter_image_url text,
  sire text,
  dam text,
  sire_picture_url text,
  dam_picture_url text
);
create index litters_cattery_id_idx on public.litters (cattery_id);
create index litters_breed_id_idx on public.litters (breed_id);

create table public.litter_images (
  id bigint generated always as identity primary key,
  litter_id bigint not null references public.litters (id) on delete cascade,
  image_url text not null check (btrim(image_url) <> '')
);
create index litter_images_litter_id_idx on public.litter_images (litter_id);

create table public.events (
  id bigint generated always as identity primary key,
  name text not null check (btrim(name) <> ''),
  start_date date not null,
  end_date date not null,
  city text,
  country text,
  venue_name text,
  street_address text,
  postal_code text,
  expected_attendance integer check (expected_attendance >= 0),
  description text,
  event_picture_url text,
  latitude double precision check (latitude between -90 and 90),
  longitude double precision check (longitude between -180 and 180),
  check (end_date >= start_date)
);
create index events_end_date_idx on public.events (end_date, start_date);

create table public.event_schedule (
  id bigint generated always as identity primary key,
  event_id bigint not null references public.events (id) on delete cascade,
  schedule_date date not null,
  start_time time not null,
  end_time time not null,
  title text not null check (btrim(title) <> ''),
  description text,
  location text,
  check (end_time > start_time)
);
create index event_schedule_event_idx on public.event_schedule (event_id, schedule_date, start_time);

create table public.advertisers (
  id bigint generated always as identity primary key,
  company_name text not null check (btrim(company_name) <> ''),
  company_logo_url text,
  website text,
  street_address text,
  city text,
  postal_code text,
  country text,
  intro_text text,
  product_images text[] not null default '{}',
  product_descriptions text[] not null default '{}',
  discount_voucher_enabled boolean not null default false,
  discount_voucher_amount numeric(10, 2) check (discount_voucher_amount >= 0),
  rebate_voucher_enabled boolean not null default false,
  rebate_voucher_percentage numeric(5, 2) check (rebate_voucher_percentage between 0 and 100),
  latitude double precision check (latitude between -90 and 90),
  longitude double precision check (longitude between -180 and 180),
  check (not discount_voucher_enabled or discount_voucher_amount > 0),
  check (not rebate_voucher_enabled or rebate_voucher_percentage > 0)
);
