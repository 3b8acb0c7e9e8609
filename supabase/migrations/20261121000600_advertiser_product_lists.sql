-- SPEC §2: an advertiser's product images and descriptions arrive "either as a list or as a text
-- string holding a comma-separated, quoted list". jsonb holds both forms as they were entered.

alter table public.advertisers
  alter column product_images drop default,
  alter column product_images type jsonb using to_jsonb(product_images),
  alter column product_images set default '[]'::jsonb,
  alter column product_descriptions drop default,
  alter column product_descriptions type jsonb using to_jsonb(product_descriptions),
  alter column product_descriptions set default '[]'::jsonb,
  add constraint advertisers_product_images_form check (jsonb_typeof(product_images) in ('array', 'string')),
  add constraint advertisers_product_descriptions_form check (jsonb_typeof(product_descriptions) in ('array', 'string'));
