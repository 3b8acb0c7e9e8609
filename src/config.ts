// The PWA's configuration: parsed with zod at build time (src/config-schema.ts, vite.config.ts) and
// compiled in; app/startup.ts shows an error screen naming each bad setting when it was invalid.
import type { PasswordRule } from '../shared/password.ts';

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

/** Stands for "the origin the app was loaded from" in the compiled settings, until it is known. */
export const APP_ORIGIN = '__PURRFECT_APP_ORIGIN__';

declare const __PURRFECT_CONFIG__: ConfigResult | undefined;

/** The build's result with "the origin the app came from" filled in (the venue server serves both). */
function resolveConfig(built: ConfigResult | undefined, origin: string): ConfigResult {
  if (!built) return { ok: false, problems: ['the configuration was not compiled into this build (see vite.config.ts)'] };
  if (!built.ok) return built;
  const fill = (url: string) => url.replace(APP_ORIGIN, origin.replace(/\/$/, ''));
  return {
    ok: true,
    config: { ...built.config, supabaseUrl: fill(built.config.supabaseUrl), imageRootUrl: fill(built.config.imageRootUrl) },
  };
}

export const configResult: ConfigResult = resolveConfig(
  typeof __PURRFECT_CONFIG__ === 'undefined' ? undefined : __PURRFECT_CONFIG__,
  globalThis.location?.origin ?? 'http://127.0.0.1:54321',
);
/** The valid configuration; only imported below app/startup.ts's check, so it never throws in the UI. */
export function appConfig(): AppConfig {
  if (!configResult.ok) throw new Error(`Invalid configuration: ${configResult.problems.join('; ')}`);
  return configResult.config;
}
