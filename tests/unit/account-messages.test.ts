// Which failures of the account screens mean "no connection", as a table.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../shared/messages.ts';
import { failureText, isConnectionFailure, messageOf } from '../../src/features/account/messages.ts';

const named = (name: string, message: string, extra: Record<string, unknown> = {}) => Object.assign(new Error(message), { name, ...extra });

describe('isConnectionFailure', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each<[string, unknown, boolean]>([
    ['auth-js, no answer', named('AuthRetryableFetchError', 'Failed to fetch', { status: 0 }), true],
    ['auth-js, 503 from the server', named('AuthRetryableFetchError', 'Service Unavailable', { status: 503 }), false],
    ['auth-js, refused', named('AuthApiError', 'Invalid login credentials', { status: 400 }), false],
    ['functions-js, no answer', named('FunctionsFetchError', 'Failed to send a request to the Edge Function'), true],
    ['postgrest-js, no answer', { message: 'TypeError: Failed to fetch', code: '' }, true],
    ['postgrest-js, deadline', { message: 'TimeoutError: The server did not answer within 15 s.', code: '' }, true],
    ['our deadline', new DOMException('The server did not answer within 15 s.', 'TimeoutError'), true],
    ['Firefox', new TypeError('NetworkError when attempting to fetch resource.'), true],
    ['Safari', new TypeError('Load failed'), true],
    ['a chunk offline without a service worker', new TypeError('Failed to fetch dynamically imported module: /assets/x.js'), true],
    ['a refusal of the database', { message: 'new row violates row-level security policy', code: '42501' }, false],
    ['nothing', null, false],
  ])('%s', (_, error, expected) => {
    expect(isConnectionFailure(error)).toBe(expected);
  });

  it('counts any failure as a connection one while the browser says it is offline', () => {
    vi.stubGlobal('navigator', { onLine: false });
    expect(isConnectionFailure(new Error('anything'))).toBe(true);
  });
});

describe('the texts', () => {
  it('says the action needs a connection, else keeps SPEC §8 texts', () => {
    const offline = named('AuthRetryableFetchError', 'Failed to fetch', { status: 0 });
    expect(messageOf(offline, 'Failed to sign in')).toBe(ACCOUNT_MESSAGES.connectionNeeded);
    expect(messageOf(named('AuthApiError', 'Invalid login credentials'), 'Failed to sign in')).toBe('Invalid login credentials');
    expect(messageOf({}, 'Failed to sign in')).toBe('Failed to sign in');
    expect(failureText(offline, 'Failed to send reset email')).toBe(ACCOUNT_MESSAGES.connectionNeeded);
    expect(failureText(named('AuthApiError', 'rate limited', { status: 429 }), 'Failed to send reset email')).toBe('Failed to send reset email');
  });
});
