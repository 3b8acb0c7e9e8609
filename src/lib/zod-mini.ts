// The app's zod (page, sync worker and service worker): zod/mini, whose functional API tree-shakes to the
// checks used, where zod's classic `z` brings all of zod (some 80 KiB) into the chunk the sync worker shares
// with the screens. Import it as a namespace (`import * as z from '…/zod-mini.ts'`): a re-exported
// namespace object would be built at run time and keep every export. zod/mini never compiles with eval
// (its objects are not JIT ones), so it needs no jitless; it gets the English messages classic zod loads
// by itself, which the mirror's quarantine keeps.
import { en } from 'zod/locales';
import { config } from 'zod/mini';

config(en());

export * from 'zod/mini';
