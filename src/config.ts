// The PWA's configuration, parsed once from the build environment; main.tsx shows an error screen when invalid.
import { z } from 'zod';

const flag = z.enum(['true', 'false']).default('true').transform((v) => v === 'true');
const blank = (v: unknown) => (v === '' ? undefined : v);

const ConfigSchema = z.object({
  VITE_SUPABASE_URL: z.preprocess(blank, z.url().optional()),
  VITE_SUPABASE_ANON_KEY: z.string().regex(/^[\w-]+\.[\w-]+\.[\w-]+$/, 'must be a JWT (the project anon key)'),
  VITE_IMAGE_ROOT_URL: z.preprocess(blank, z.url().optional()),
  VITE_MAPS_KEY: z.preprocess(blank, z.string().optional()),
  VITE_ANALYTICS_ID: z.preprocess(blank, z.string().optional()),
  VITE_BASE_PATH: z.preprocess(blank, z.string().startsWith('/').default('/')),
  VITE_PASSWORD_MIN_LENGTH: z.preprocess(blank, z.coerce.number().int().min(1).default(8)),
  VITE_PASSWORD_REQUIRE_DIGIT: z.preprocess(blank, flag),
  VITE_PASSWORD_REQUIRE_SPECIAL: z.preprocess(blank, flag),
  VITE_PASSWORD_REQUIRE_UPPERCASE: z.preprocess(blank, flag),
  VITE_PASSWORD_REQUIRE_LOWERCASE: z.preprocess(blank, flag),
  VITE_CONTACT_EMAIL: z.preprocess(blank, z.email().default('info@purrfect-show.example')),
});

export interface AppConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
  imageRootUrl: string;
  mapsKey: string | null;
  analyticsId: string | null;
  basePath: string;
  password: { minLength: number; digit: boolean; special: boolean; uppercase: boolean; lowercase: boolean };
  contactEmail: string;
}

export type ConfigResult = { ok: true; config: AppConfig } | { ok: false; problems: string[] };

export function parseConfig(env: Record<string, unknown>, origin: string): ConfigResult {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    return { ok: false, problems: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) };
  }
  const e = parsed.data;
  // An empty URL means "the server this app came from", which the venue server is.
  const supabaseUrl = (e.VITE_SUPABASE_URL ?? origin).replace(/\/$/, '');
  return {
    ok: true,
    config: {
      supabaseUrl,
      supabaseAnonKey: e.VITE_SUPABASE_ANON_KEY,
      imageRootUrl: (e.VITE_IMAGE_ROOT_URL ?? `${supabaseUrl}/storage/v1/object/public/images`).replace(/\/$/, ''),
      mapsKey: e.VITE_MAPS_KEY ?? null,
      analyticsId: e.VITE_ANALYTICS_ID ?? null,
      basePath: e.VITE_BASE_PATH,
      password: {
        minLength: e.VITE_PASSWORD_MIN_LENGTH,
        digit: e.VITE_PASSWORD_REQUIRE_DIGIT,
        special: e.VITE_PASSWORD_REQUIRE_SPECIAL,
        uppercase: e.VITE_PASSWORD_REQUIRE_UPPERCASE,
        lowercase: e.VITE_PASSWORD_REQUIRE_LOWERCASE,
      },
      contactEmail: e.VITE_CONTACT_EMAIL,
    },
  };
}

export const configResult: ConfigResult = parseConfig(import.meta.env, globalThis.location?.origin ?? 'http://127.0.0.1:54321');

/** The valid configuration; only imported below main.tsx's check, so it never throws in the UI. */
export function appConfig(): AppConfig {
  if (!configResult.ok) throw new Error(`Invalid configuration: ${configResult.problems.join('; ')}`);
  return configResult.config;
}
