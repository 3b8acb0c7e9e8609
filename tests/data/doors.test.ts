// The data layer's doors (src/data/mirror.ts, mirror-start.ts, backend.ts), by their static import graphs: what loads
// with the first route must not pull supabase-js in, nor (mirror-start.ts, backend.ts) Dexie.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dataDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../src/data');

/** Every module a file loads statically (type-only imports and dynamic import() left out). */
function staticGraph(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  if (!entry.startsWith('/')) return seen;
  const source = readFileSync(entry, 'utf8');
  for (const [, what, spec] of source.matchAll(/^(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?'([^']+)'/gm)) {
    if (what) continue;
    seen.add(spec!);
    if (spec!.startsWith('.')) staticGraph(resolve(dirname(entry), spec!), seen);
  }
  return seen;
}

describe('data layer doors', () => {
  it.each(['mirror.ts', 'mirror-start.ts', 'backend.ts'])('%s never loads supabase-js statically', (door) => {
    const graph = [...staticGraph(resolve(dataDir, door))];
    expect(graph.filter((m) => /@supabase|supabase\.ts$|backend-runtime/.test(m))).toEqual([]);
    // The check sees real imports: every door reaches zustand (the sync status or the session store).
    expect(graph).toContain('zustand');
  });

  it.each(['mirror-start.ts', 'backend.ts'])('%s, in the first route, never loads Dexie statically', (door) => {
    expect([...staticGraph(resolve(dataDir, door))].filter((m) => /dexie|\/db\.ts$|\/mirror\.ts$/.test(m))).toEqual([]);
  });

  it('the mirror door reaches Dexie', () => {
    expect([...staticGraph(resolve(dataDir, 'mirror.ts'))]).toContain('dexie');
  });
});
