// The PWA's configuration rules: vite.config.ts parses the build environment with them at build time and
// compiles the result into the bundle (src/config.ts), so zod stays out of the visitor's first download.
// zod/mini: the same parser in a fraction of the bytes, since this module is in the first route.
import * as z from 'zod/mini';
import { parsePasswordSettings, type PasswordRule } from '../shared/password.ts';
import { APP_ORIGIN } from './config.ts';

export { APP_ORIGIN };

// No eval under the Content-Security-Policy, should this ever run in a page or worker.
z.config({ jitless: true });

// zod/mini carries no English messages: each rule says what a valid setting looks like.
const URL_MESSAGE = 'must be a URL, e.g. https://example.com';

const ConfigSchema = z.object({
  VITE_SUPABASE_URL: z.optional(z.url(URL_MESSAGE)),
  VITE_SUPABASE_ANON_KEY: z.string('is required: the project anon key').check(z.regex(/^[\w-]+\.[\w-]+\.[\w-]+$/, 'must be a JWT (the project anon key)')),
  VITE_IMAGE_ROOT_URL: z.optional(z.url(URL_MESSAGE)),
  VITE_MAPS_KEY: z.optional(z.string()),
  VITE_ANALYTICS_ID: z.optional(z.string()),
  VITE_BASE_PATH: z._default(z.string().check(z.startsWith('/', 'must start with /')), '/'),
  // VITE_PASSWORD_* are read by shared/password.ts, as the venue server reads its PASSWORD_*.
  VITE_CONTACT_EMAIL: z._default(z.email('must be an e-mail address'), 'info@purrfect-show.example'),
});

/** An empty setting counts as unset, so its default applies. */
function withoutBlanks(env: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(env ?? {}).filter(([, v]) => v !== ''));
}

export interface AppConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
  imageRootUrl: string;
  mapsKey: string | null;
  analyticsId: string | null;
  basePath: string;
  password: PasswordRule;
  contactEmail: string;
}

export type ConfigResult = { ok: true; config: AppConfig } | { ok: false; problems: string[] };

export function parseConfig(env: Record<string, unknown>, origin: string = APP_ORIGIN): ConfigResult {
  const parsed = ConfigSchema.safeParse(withoutBlanks(env));
  const password = parsePasswordSettings(env ?? {}, 'VITE_PASSWORD_');
  if (!parsed.success || !password.ok) {
    return {
      ok: false,
      problems: [
        ...(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)),
        ...(password.ok ? [] : password.problems),
      ],
    };
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
      password: password.rule,
      contactEmail: e.VITE_CONTACT_EMAIL,
    },
  };
}

