// Each Edge Function's own deno.json, generated from supabase/functions/deno.json (the one source of the
// functions' import map). `supabase functions deploy` looks for an import map in config.toml's
// [functions.<name>] import_map or in the function's own folder, never in supabase/functions/deno.json,
// so without these files zod, supabase-js and nodemailer are bare imports it cannot resolve.
//
//   npx tsx scripts/function-configs.ts --write   regenerate after editing supabase/functions/deno.json
//   npx tsx scripts/function-configs.ts           (npm run typecheck:deno) fail if a file is stale, then
//                                                 type-check each function with only its own deno.json,
//                                                 as the CLI resolves it
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const FUNCTIONS_DIR = fileURLToPath(new URL('../supabase/functions/', import.meta.url));
const CONFIG_TOML = fileURLToPath(new URL('../supabase/config.toml', import.meta.url));
const DENO = fileURLToPath(new URL('../node_modules/.bin/deno', import.meta.url));

interface SharedConfig {
  imports: Record<string, string>;
  compilerOptions?: Record<string, unknown>;
}

/** Folders holding a deployable function: an index.ts, and not _shared. */
export function functionNames(): string[] {
  return readdirSync(FUNCTIONS_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith('_') && existsSync(join(FUNCTIONS_DIR, d.name, 'index.ts')))
    .map((d) => d.name)
    .sort();
}

/** What <name>/deno.json must hold: the shared imports and compiler options, nothing local-only. */
export function functionConfig(shared: SharedConfig): string {
  // No lock file: the pins are exact versions, and a per-function lock would be one more copy to keep.
  const config = { imports: shared.imports, compilerOptions: shared.compilerOptions ?? {}, lock: false };
  return `${JSON.stringify(config, null, 2)}\n`;
}

/** config.toml names each function's import map, so the CLI does not depend on its folder search. */
function tomlProblems(names: string[]): string[] {
  const toml = readFileSync(CONFIG_TOML, 'utf8');
  return names.flatMap((name) => {
    const section = new RegExp(`\\[functions\\.${name}\\]([^[]*)`).exec(toml)?.[1] ?? '';
    const want = `import_map = "./functions/${name}/deno.json"`;
    return section.includes(want) ? [] : [`supabase/config.toml: [functions.${name}] needs ${want}`];
  });
}

function main(): number {
  const write = process.argv.includes('--write');
  const shared = JSON.parse(readFileSync(join(FUNCTIONS_DIR, 'deno.json'), 'utf8')) as SharedConfig;
  const names = functionNames();
  const problems: string[] = tomlProblems(names);
  for (const name of names) {
    const file = join(FUNCTIONS_DIR, name, 'deno.json');
    const want = functionConfig(shared);
    if (write) writeFileSync(file, want);
    else if (!existsSync(file) || readFileSync(file, 'utf8') !== want) {
      problems.push(`supabase/functions/${name}/deno.json is out of date: run npx tsx scripts/function-configs.ts --write`);
    }
  }
  if (problems.length) {
    console.error(problems.join('\n'));
    return 1;
  }
  if (write) {
    console.log(`Wrote deno.json for ${names.join(', ')}`);
    return 0;
  }
  for (const name of names) {
    // Only the function's own file: what `supabase functions deploy <name>` resolves the imports with.
    const r = spawnSync(DENO, ['check', '--config', 'deno.json', 'index.ts'], { cwd: join(FUNCTIONS_DIR, name), stdio: 'inherit' });
    if (r.status !== 0) {
      console.error(`deno check of supabase/functions/${name} with its own deno.json failed`);
      return 1;
    }
  }
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = main();
