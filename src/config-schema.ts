// The PWA's configuration rules: vite.config.ts parses the build environment with them at build time and
// compiles the result into the bundle (src/config.ts): none of this module, nor its zod, is in what a
// visitor downloads.
import * as z from '../shared/zod-mini.ts';
import { parsePasswordSettings } from '../shared/password.ts';
import { APP_ORIGIN, type ConfigResult } from './config.ts';

export { APP_ORIGIN };

// Each rule says what a valid setting looks like: zod's own English says only "Invalid URL".
const URL_MESSAGE = 'must be a URL, e.g. https://example.com';

const ConfigSchema = z.object({
  VITE_SUPABASE_URL: z.optional(z.url(URL_MESSAGE)),
  // The legacy name stays (every .env has it); VITE_SUPABASE_PUBLISHABLE_KEY is what Supabase's docs now say.
  VITE_SUPABASE_ANON_KEY: z.optional(z.string()),
  VITE_SUPABASE_PUBLISHABLE_KEY: z.optional(z.string()),
  VITE_IMAGE_ROOT_URL: z.optional(z.url(URL_MESSAGE)),
  VITE_MAPS_KEY: z.optional(z.string()),
  VITE_ANALYTICS_ID: z.optional(z.string()),
  VITE_BASE_PATH: z._default(z.string().check(z.startsWith('/', 'must start with /')), '/'),
  // VITE_PASSWORD_* are read by shared/password.ts, as the venue server reads its PASSWORD_*.
  VITE_CONTACT_EMAIL: z._default(z.email('must be an e-mail address'), 'info@purrfect-show.example'),
});

/** The first line of a failed build's message (vite.config.ts). */
export const INVALID_BUILD_CONFIG = 'PurrFect Show cannot be built: the build environment has invalid settings:';

/** What the dashboard's "Publishable key" looks like; hosted projects created since 2025 show it first. */
const PUBLISHABLE_KEY = /^sb_publishable_[A-Za-z0-9_-]{8,}$/;
const LEGACY_JWT = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/** The JWT's role claim, or null when its payload is not readable JSON. */
function jwtRole(token: string): string | null {
  try {
    const part = token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/');
    const claims: unknown = JSON.parse(atob(part.padEnd(Math.ceil(part.length / 4) * 4, '=')));
    return claims && typeof claims === 'object' && 'role' in claims && typeof claims.role === 'string' ? claims.role : null;
  } catch {
    return null;
  }
}

/**
 * Why this key must not be the app's, or null. The key ships to every phone, so a secret or service_role
 * key here would hand every visitor the power to bypass RLS: refused by name, not merely as malformed.
 */
function keyProblem(key: string): string | null {
  if (key.startsWith('sb_secret_')) return "is a secret key (sb_secret_…), which must never ship in the app: use the project's publishable key (sb_publishable_…)";
  if (PUBLISHABLE_KEY.test(key)) return null;
  if (!LEGACY_JWT.test(key)) return "must be the project's publishable key (sb_publishable_…) or its legacy anon key (a JWT)";
  const role = jwtRole(key);
  if (role === 'anon') return null;
  if (role === 'service_role') return 'is the service_role key, which must never ship in the app: use the anon key or the publishable key (sb_publishable_…)';
  return 'is a JWT without role "anon": use the project\'s anon key or its publishable key (sb_publishable_…)';
}

/** VITE_SUPABASE_PUBLISHABLE_KEY or VITE_SUPABASE_ANON_KEY (one of them, or both the same): the key, or why not. */
function appKey(env: Record<string, unknown>): { key: string } | { problem: string } {
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const anon = text(env.VITE_SUPABASE_ANON_KEY);
  const publishable = text(env.VITE_SUPABASE_PUBLISHABLE_KEY);
  if (anon !== undefined && publishable !== undefined && anon !== publishable) {
    return { problem: 'VITE_SUPABASE_PUBLISHABLE_KEY: differs from VITE_SUPABASE_ANON_KEY; set only one of them' };
  }
  const name = publishable !== undefined ? 'VITE_SUPABASE_PUBLISHABLE_KEY' : 'VITE_SUPABASE_ANON_KEY';
  const key = publishable ?? anon;
  if (key === undefined) return { problem: "VITE_SUPABASE_ANON_KEY: is required: the project's publishable key (sb_publishable_…) or its anon key" };
  const problem = keyProblem(key);
  return problem ? { problem: `${name}: ${problem}` } : { key };
}

/** An empty setting counts as unset, so its default applies. */
function withoutBlanks(env: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(env ?? {}).filter(([, v]) => v !== ''));
}

export function parseConfig(env: Record<string, unknown>, origin: string = APP_ORIGIN): ConfigResult {
  const given = withoutBlanks(env);
  const parsed = ConfigSchema.safeParse(given);
  const password = parsePasswordSettings(env ?? {}, 'VITE_PASSWORD_');
  const key = appKey(given);
  if (!parsed.success || !password.ok || 'problem' in key) {
    return {
      ok: false,
      problems: [
        ...('problem' in key ? [key.problem] : []),
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
      supabaseAnonKey: key.key,
      imageRootUrl: (e.VITE_IMAGE_ROOT_URL ?? `${supabaseUrl}/storage/v1/object/public/images`).replace(/\/$/, ''),
      mapsKey: e.VITE_MAPS_KEY ?? null,
      analyticsId: e.VITE_ANALYTICS_ID ?? null,
      basePath: e.VITE_BASE_PATH,
      password: password.rule,
      contactEmail: e.VITE_CONTACT_EMAIL,
    },
  };
}
