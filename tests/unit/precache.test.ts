// What the critical precache leaves out (shared/precache.ts), on a manifest shaped like the build's: the
// organiser console's own chunks, and the second phase (the floor plan's page and Leaflet's chunk,
// supabase-js, the account screens, the QR encoder).
import { describe, expect, it } from 'vitest';
import { organiserOnlyFiles, secondPhaseFiles, type ManifestChunk } from '../../shared/precache.ts';

const manifest: Record<string, ManifestChunk> = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    css: ['assets/index.css'],
    dynamicImports: ['_catalogue.js', 'src/features/floor-plan/floor-plan-page.tsx', 'src/features/organiser/console-page.tsx'],
  },
  '_catalogue.js': { file: 'assets/catalogue.js', imports: ['index.html'], dynamicImports: ['_leaflet.js'] },
  // Leaflet's group: a key of its own name, no source.
  '_leaflet.js': { file: 'assets/leaflet.js', name: 'leaflet', imports: ['index.html', '_catalogue.js'], css: ['assets/leaflet.css'] },
  'src/features/floor-plan/floor-plan-page.tsx': {
    file: 'assets/floor-plan-page.js',
    src: 'src/features/floor-plan/floor-plan-page.tsx',
    imports: ['index.html', '_leaflet.js', '_plan-only.js', '_catalogue.js'],
  },
  // What only the plan's page imports, wherever the bundler put it.
  '_plan-only.js': { file: 'assets/plan-only.js', imports: ['index.html'] },
  // The console shows a map too: Leaflet stays the second phase's, not the console's.
  'src/features/organiser/console-page.tsx': { file: 'assets/console-page.js', imports: ['index.html', '_leaflet.js', '_console-only.js'] },
  '_console-only.js': { file: 'assets/console-only.js' },
  'sw/sw.ts': { file: 'service-worker.js', isEntry: true, imports: ['_sync.js'] },
  '_sync.js': { file: 'assets/sync.js' },
};

/** The build's other second-phase starters: supabase-js's group, the account screens' group, the QR encoder. */
const withBackend: Record<string, ManifestChunk> = {
  ...manifest,
  'index.html': { ...manifest['index.html']!, dynamicImports: [...manifest['index.html']!.dynamicImports!, '_backend.js', '_account.js', '_screens.js'] },
  '_backend.js': { file: 'assets/backend.js', name: 'backend', imports: ['index.html', '_postgrest.js'] },
  // The workers' PostgREST client: supabase-js shares it, the sync worker loads it, so it stays critical.
  '_postgrest.js': { file: 'assets/postgrest.js' },
  '_account.js': { file: 'assets/account.js', name: 'account', imports: ['index.html'], css: ['assets/account.css'], dynamicImports: ['_backend.js'] },
  '_screens.js': { file: 'assets/screens.js', imports: ['index.html', '_postgrest.js'], dynamicImports: ['node_modules/qrcode-generator/dist/qrcode.mjs'] },
  'node_modules/qrcode-generator/dist/qrcode.mjs': { file: 'assets/qrcode.js', src: 'node_modules/qrcode-generator/dist/qrcode.mjs' },
};

describe('the precache', () => {
  it('leaves supabase-js, the account screens and the QR encoder to the second phase, not what they share', () => {
    const later = secondPhaseFiles(withBackend);
    for (const file of ['assets/backend.js', 'assets/account.js', 'assets/account.css', 'assets/qrcode.js']) expect(later.has(file)).toBe(true);
    for (const file of ['assets/postgrest.js', 'assets/screens.js', 'assets/index.js']) expect(later.has(file)).toBe(false);
  });

  it('leaves out what only a lazy import of the floor plan or of Leaflet reaches: the second phase', () => {
    expect([...secondPhaseFiles(manifest)].sort()).toEqual(['assets/floor-plan-page.js', 'assets/leaflet.css', 'assets/leaflet.js', 'assets/plan-only.js']);
  });

  it('keeps in the critical part what the plan shares with the first screens', () => {
    const later = secondPhaseFiles(manifest);
    for (const file of ['assets/index.js', 'assets/index.css', 'assets/catalogue.js', 'service-worker.js', 'assets/sync.js']) expect(later.has(file)).toBe(false);
  });

  it("leaves out the console's own chunks, not what a visitor's page loads too", () => {
    expect([...organiserOnlyFiles(manifest)].sort()).toEqual(['assets/console-only.js', 'assets/console-page.js']);
  });

  it('has no second phase in a build without the plan and Leaflet', () => {
    const { 'index.html': index, '_catalogue.js': catalogue } = manifest;
    expect(secondPhaseFiles({ 'index.html': { ...index!, dynamicImports: ['_catalogue.js'] }, '_catalogue.js': { ...catalogue!, dynamicImports: [] } }).size).toBe(0);
  });
});
