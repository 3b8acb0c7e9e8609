// allowedMimeTypes reads [storage.buckets.<name>] of supabase/config.toml: the repository's own file and edge cases.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allowedMimeTypes } from './bucket.ts';

describe('allowedMimeTypes', () => {
  it('reads the images bucket of supabase/config.toml', () => {
    const toml = readFileSync(join(import.meta.dirname, '../../supabase/config.toml'), 'utf8');
    expect(allowedMimeTypes(toml)).toEqual(['image/svg+xml', 'image/png', 'image/jpeg', 'image/webp']);
  });

  it.each([
    ['the list of its own table', '[storage.buckets.images]\npublic = true\nallowed_mime_types = ["image/png"]\n', ['image/png']],
    ['a trailing comma', '[storage.buckets.images]\nallowed_mime_types = ["image/png", "image/webp",]\n', ['image/png', 'image/webp']],
    ['a list spread over lines', '[storage.buckets.images]\nallowed_mime_types = [\n  "image/png",\n  "image/jpeg"\n]\n', ['image/png', 'image/jpeg']],
    ['none in the table', '[storage.buckets.images]\npublic = true\n[auth]\nallowed_mime_types = ["x/y"]\n', null],
    ['another bucket only', '[storage.buckets.avatars]\nallowed_mime_types = ["image/png"]\n', null],
    ['no table at all', 'project_id = "x"\n', null],
  ])('%s', (_, toml, expected) => {
    expect(allowedMimeTypes(toml)).toEqual(expected);
  });

  it('refuses a list that is not of strings, with the place to look', () => {
    expect(() => allowedMimeTypes('[storage.buckets.images]\nallowed_mime_types = [1, 2]\n')).toThrow(
      'supabase/config.toml: allowed_mime_types of [storage.buckets.images] is not a list of strings',
    );
  });
});
