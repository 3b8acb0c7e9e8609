// Where `npm run organiser` goes without SUPABASE_URL: the venue server as `npm start` configures it.
import { createServer, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { DEMO_SERVICE_ROLE_KEY } from '../../server/config.ts';
import { EXIT_USAGE, runOrganiserCommand, targetFromEnv } from '../../server/organiser-cli.ts';

describe('organiser command target', () => {
  it('defaults to the local venue server and the demo service-role key', () => {
    expect(targetFromEnv({})).toEqual({ url: 'http://127.0.0.1:54321', serviceRoleKey: DEMO_SERVICE_ROLE_KEY });
    expect(targetFromEnv({ HOST: '', PORT: '', SUPABASE_URL: '', SUPABASE_SERVICE_ROLE_KEY: '' })).toEqual({
      url: 'http://127.0.0.1:54321',
      serviceRoleKey: DEMO_SERVICE_ROLE_KEY,
    });
  });

  it('follows HOST, PORT, PUBLIC_URL and TLS as npm start does', () => {
    expect(targetFromEnv({ HOST: 'localhost', PORT: '8080' }).url).toBe('http://localhost:8080');
    // Bound to every address, it still answers on loopback.
    expect(targetFromEnv({ HOST: '0.0.0.0', PORT: '54321', SITE_URL: 'http://192.0.2.10:54321' }).url).toBe('http://127.0.0.1:54321');
    // With TLS the certificate names SITE_URL's host.
    expect(targetFromEnv({ HOST: '0.0.0.0', TLS_CERT_FILE: 'cert.pem', SITE_URL: 'https://show.example/' }).url).toBe('https://show.example');
    expect(targetFromEnv({ PUBLIC_URL: 'https://api.show.example/' }).url).toBe('https://api.show.example');
  });

  it('prefers SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY (a hosted project)', () => {
    expect(targetFromEnv({ SUPABASE_URL: 'https://abc.supabase.co/', SUPABASE_SERVICE_ROLE_KEY: 'sr', PUBLIC_URL: 'https://x.example' })).toEqual({
      url: 'https://abc.supabase.co',
      serviceRoleKey: 'sr',
    });
  });

  it('answers a wrong command line with the usage and exit code 2, before any network call', async () => {
    for (const args of [[], ['add'], ['remove'], ['list', 'x@example.com'], ['add', 'a@example.com', 'b@example.com'], ['grant', 'a@example.com']]) {
      const err: string[] = [];
      const code = await runOrganiserCommand(args, { SUPABASE_URL: 'http://127.0.0.1:1' }, { out: () => undefined, err: (l) => err.push(l) });
      expect(code, args.join(' ')).toBe(EXIT_USAGE);
      expect(err.join('\n')).toMatch(/^Usage: npm run organiser -- add <email> {5}give an account the organiser role\n/);
    }
  });

  it('gives up on a server that never answers, with a clear message and exit code 1', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(silent.address() as { port: number }).port}`;
    const err: string[] = [];
    const started = Date.now();
    const code = await runOrganiserCommand(['list'], { SUPABASE_URL: url }, { out: () => undefined, err: (l) => err.push(l), deadlineMs: 300 });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(code).toBe(1);
    expect(err).toEqual([
      `Cannot reach ${url} (no answer within 0.3 s). Is the venue server running (npm start)? For another server, set SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY.`,
    ]);
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });
});
