// Fixtures for the outbox tests: clients with a scripted network, vote payloads, server-side counts, a lock audit.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { VenueServer } from '../../server/start.ts';
import type { VoteInput } from '../../src/data/outbox/outbox.ts';
import type { DrainLocks } from '../../src/data/outbox/lock.ts';
import { uniqueEmail } from '../helpers/mailbox.ts';
import { DEMO_CATALOGUE_NUMBERS } from '../helpers/demo-catalogue.ts';
import { client } from '../helpers/server.ts';

export type FetchFn = typeof fetch;

/** A supabase-js client whose every request goes through `fetchImpl` (the network we script). */
export function clientWithFetch(server: VenueServer, fetchImpl: FetchFn, key: 'anon' | 'service_role' = 'anon'): SupabaseClient {
  return client(server, key, { fetch: fetchImpl });
}

/** The phone is offline: fetch rejects as browsers do. */
export const offlineFetch: FetchFn = async () => {
  throw new TypeError('Failed to fetch');
};

const urlOf = (input: Parameters<FetchFn>[0]) => (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);

export const isSubmitVotes = (input: Parameters<FetchFn>[0]) => urlOf(input).includes('/rest/v1/rpc/submit_votes');
export const isSendCoupon = (input: Parameters<FetchFn>[0]) => urlOf(input).includes('/functions/v1/send-coupon');

/** Real fetch, except that calls matching `match` get `handle` instead; counts the matching calls. */
export function scriptedFetch(
  match: (input: Parameters<FetchFn>[0]) => boolean,
  handle: (call: number, input: Parameters<FetchFn>[0], init?: RequestInit) => Promise<Response>,
): FetchFn & { calls: number } {
  const wrapped = Object.assign(
    async (input: Parameters<FetchFn>[0], init?: RequestInit) => {
      if (!match(input)) return fetch(input, init);
      wrapped.calls++;
      return handle(wrapped.calls, input, init);
    },
    { calls: 0 },
  );
  return wrapped;
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

/** The numbers go round the demo catalogue's (the live event takes only those). */
let catalog = 0;
export function votePayload(event_id: number, over: Partial<VoteInput> = {}): VoteInput {
  return {
    event_id,
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: uniqueEmail('voter'),
    phone: null,
    catalog_number: DEMO_CATALOGUE_NUMBERS[catalog++ % DEMO_CATALOGUE_NUMBERS.length]!,
    ...over,
  };
}

/** How many of these vote ids the server stores (service role: anon cannot read votes). */
export async function storedVotes(server: VenueServer, ids: string[]): Promise<number> {
  let total = 0;
  for (let i = 0; i < ids.length; i += 50) {
    const { data, error } = await client(server, 'service_role')
      .from('visitor_choice')
      .select('id')
      .in('id', ids.slice(i, i + 50));
    if (error) throw new Error(error.message);
    total += data.length;
  }
  return total;
}

/** Wraps a lock manager and records the most drains ever holding the lock at once. */
export function auditedLocks(inner: DrainLocks): DrainLocks & { maxHolders: number; grants: number; refusals: number } {
  let holders = 0;
  const audit = {
    maxHolders: 0,
    grants: 0,
    refusals: 0,
    request<T>(name: string, options: { ifAvailable?: boolean }, callback: (lock: unknown) => T): Promise<T> {
      return inner.request(name, options, async (lock) => {
        if (!lock) {
          audit.refusals++;
          return callback(lock);
        }
        audit.grants++;
        audit.maxHolders = Math.max(audit.maxHolders, ++holders);
        try {
          return await callback(lock);
        } finally {
          holders--;
        }
      }) as Promise<T>;
    },
  };
  return audit;
}
