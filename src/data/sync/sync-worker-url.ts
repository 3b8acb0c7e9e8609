// Where the sync worker's script is: in the dev server, the source as Vite serves a module worker's. A build
// replaces this module (vite.config.ts, purrfect-sync-worker) with the URL of the worker's chunk in the page's
// own build, whose Dexie, zod and PostgREST it shares with the page's chunks instead of carrying copies.
export const syncWorkerUrl = (): URL => new URL('./sync-worker.ts?worker_file&type=module', import.meta.url);
