// The one zod of the app, its workers and shared/: zod/mini, whose functional API tree-shakes to the
// checks used, where zod's classic `z` brings all of zod (some 80 KiB) into the chunk the sync worker
// shares with the screens. Import it as a namespace (`import * as z from '…/shared/zod-mini.ts'`): a
// re-exported namespace object would be built at run time and keep every export. zod/mini never compiles
// with eval (its objects are not JIT ones), so it needs no jitless under the Content-Security-Policy.
// It carries no messages of its own: English is set here for every runtime that loads it, since the
// mirror's quarantine and the show import's report keep zod's messages.
import { config, locales } from 'zod/mini';

config(locales.en());

export * from 'zod/mini';
