-- Visitor accounts (SPEC §3 User, Verification token; §4 Account; §5 Activation).
-- The profile row is created from sign-up metadata by a trigger on auth.users (the Supabase convention),
-- so the API never needs anon write access to users or verification_tokens.

create table public.users (
  id uuid primary key references auth.users (id) on delete cascade,
  first_name text not null check (btrim(first_name) <> ''),
  middle_name text,
  last_name text not null check (btrim(last_name) <> ''),
  email text not null check (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  phone text,
  street_address text,
  street_address_2 text,
  city text,
  postal_code text,
  state_province text,
  country text,
  verified boolean not null default false,
  last_updated timestamptz not null default now(),
  avatar_url text,
  created_at timestamptz not null default now()
);
create unique index users_email_key on public.users (lower(email));

create table public.verification_tokens (
  token text primary key check (token ~ '^[A-Za-z0-9]{32}$'),
  user_email text not null,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index verification_tokens_email_idx on public.verification_tokens (lower(user_email), created_at desc);

create function public.handle_new_user() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  m jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  -- Blank optional fields are stored as null, not as empty strings.
  f_first text := nullif(btrim(m ->> 'first_name'), '');
  f_last text := nullif(btrim(m ->> 'last_name'), '');
begin
  if f_first is null or f_last is null then
    raise exception using errcode = '23514', message = 'First name and last name are required';
  end if;
  insert into public.users (id, email, first_name, middle_name, last_name, phone, street_address, street_address_2,
                            city, postal_code, state_province, country, avatar_url)
  values (new.id, new.email, f_first, nullif(btrim(m ->> 'middle_name'), ''), f_last,
          nullif(btrim(m ->> 'phone'), ''), nullif(btrim(m ->> 'street_address'), ''),
          nullif(btrim(m ->> 'street_address_2'), ''), nullif(btrim(m ->> 'city'), ''),
          nullif(btrim(m ->> 'postal_code'), ''), nullif(btrim(m ->> 'state_province'), ''),
          nullif(btrim(m ->> 'country'), ''), nullif(btrim(m ->> 'avatar_url'), ''));
  return new;
end $$;

create trigger on_auth_user_created after insert on auth.users
  for each row execute function public.handle_new_user();

-- A profile edit may not touch identity or status columns; last_updated is the server's clock.
create function public.users_guard_update() returns trigger
language plpgsql set search_path = '' as $$
begin
  if current_user in ('anon', 'authenticated') then
    new.id := old.id;
    new.email := old.email;
    new.verified := old.verified;
    new.created_at := old.created_at;
  end if;
  new.last_updated := now();
  return new;
end $$;

create trigger users_guard_update before update on public.users
  for each row execute function public.users_guard_update();

/**
 * Activates the account holding p_token (SPEC §4/§5 messages). Security definer: the token table is
 * never exposed; a wrong guess learns nothing but "invalid".
 */
create function public.verify_account(p_token text) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_row public.verification_tokens;
begin
  select * into v_row from public.verification_tokens where token = btrim(coalesce(p_token, ''));
  if not found then
    raise exception using errcode = 'P0001', message = 'Invalid or expired verification token';
  end if;
  if v_row.expires_at < now() then
    raise exception using errcode = 'P0001', message = 'Verification token has expired';
  end if;
  update public.users set verified = true where lower(email) = lower(v_row.user_email);
  if not found then
    raise exception using errcode = 'P0001', message = 'Invalid or expired verification token';
  end if;
  delete from public.verification_tokens where lower(user_email) = lower(v_row.user_email);
  return jsonb_build_object('verified', true, 'email', v_row.user_email);
end $$;
