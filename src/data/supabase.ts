// The one @supabase/supabase-js client of the PWA; the session is kept in localStorage by auth-js.
import { createClient } from '@supabase/supabase-js';
import { appConfig } from '../config.ts';

const config = appConfig();

export const supabase = createClient(config.supabaseUrl, config.supabaseAnonKey, {
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
});
