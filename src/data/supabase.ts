// The one @supabase/supabase-js client of the PWA; the session is kept in localStorage by auth-js.
import { createShowClient } from './client.ts';

export const supabase = createShowClient();
