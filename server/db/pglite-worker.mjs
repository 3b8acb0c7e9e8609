// The PGlite worker thread's entry: TypeScript through tsx's loader (whether or not the parent runs under
// tsx), then the worker proper.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-worker.ts');
