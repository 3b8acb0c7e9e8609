// The one @supabase/supabase-js client of the PWA; the session is kept in localStorage by auth-js.
import { createClient } from '@supabase/supabase-js';
import { appConfig } from '../config.ts';

const config = appConfig();

export const supabase = createClient(config.supabaseUrl, config.supabaseAnonKey, {
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
});

/** Absolute URL of a stored image path; absolute URLs pass through. */
export function imageUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  if (/^(https?:|data:|blob:)/.test(path)) return path;
  return `${config.imageRootUrl}/${path.replace(/^\//, '')}`;
}
