// zod as the app uses it: jitless, because zod's probe for eval (new Function) is a violation under
// the Content-Security-Policy. Every module of the page and the workers imports z from here.
import { z } from 'zod';

z.config({ jitless: true });

export { z };
