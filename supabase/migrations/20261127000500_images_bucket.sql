-- The public `images` bucket every show picture lives in (shared/photos.ts IMAGE_BUCKET). The demo seed
-- made it; a show imported into an empty database (npm run show -- import) needs it too, here and hosted.
insert into storage.buckets (id, name, public) values ('images', 'images', true)
  on conflict (id) do update set public = true;
