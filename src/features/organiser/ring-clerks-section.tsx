// The console's "Ring clerks": who may call cats and record results, added and removed by e-mail
// (organiser_ring_clerks, organiser_set_ring_clerk). Online only: a role is not worth queueing, and the
// answer (no such account, an organiser already) matters at once.
import { useCallback, useId, useState, type FormEvent } from 'react';
import type { SupabaseClient } from '@supabase/supabase-js';
import { backendClient } from '../../data/backend.ts';
import { useSyncStatus } from '../../data/mirror.ts';
import { ERROR_FALLBACK } from '../../../shared/messages.ts';
import { ConsoleSection } from './console-section.tsx';
import { RING_CLERKS_TEXTS as T } from './ring-side-texts.ts';
import { useReport } from './use-report.ts';

/** How long a read or a change of the clerks may take before the console says so. */
const CLERKS_DEADLINE_MS = 10_000;

async function loadClerks(client: SupabaseClient, signal: AbortSignal): Promise<string[]> {
  const { data, error } = await client.rpc('organiser_ring_clerks').abortSignal(AbortSignal.any([signal, AbortSignal.timeout(CLERKS_DEADLINE_MS)]));
  if (error) throw new Error(error.message);
  return (data as string[] | null) ?? [];
}

async function setClerk(email: string, clerk: boolean): Promise<void> {
  const client = await backendClient();
  const { error } = await client.rpc('organiser_set_ring_clerk', { p_email: email, p_clerk: clerk }).abortSignal(AbortSignal.timeout(CLERKS_DEADLINE_MS));
  if (error) throw new Error(error.message);
}

export function RingClerksSection() {
  const { online } = useSyncStatus();
  const load = useCallback((client: SupabaseClient, signal: AbortSignal) => loadClerks(client, signal), []);
  const clerks = useReport('ring-clerks', load, null);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ text: string; error: boolean } | null>(null);
  const emailId = useId();

  const change = async (address: string, clerk: boolean) => {
    setBusy(true);
    setSaid(null);
    try {
      await setClerk(address, clerk);
      setSaid({ text: clerk ? T.added(address) : T.removed(address), error: false });
      if (clerk) setEmail('');
      clerks.refresh();
    } catch (e) {
      setSaid({ text: e instanceof Error ? e.message : ERROR_FALLBACK, error: true });
    } finally {
      setBusy(false);
    }
  };
  const add = (e: FormEvent) => {
    e.preventDefault();
    if (email.trim() !== '') void change(email.trim(), true);
  };

  return (
    <ConsoleSection title={T.title}>
      <p className="muted">{T.intro}</p>
      {!online && <p className="ring-note">{T.offline}</p>}
      {clerks.error && online && <p className="console-error">{T.failed(clerks.error)}</p>}
      {clerks.data === undefined ? (
        online && <p>{T.loading}</p>
      ) : clerks.data.length === 0 ? (
        <p>{T.none}</p>
      ) : (
        <ul className="ring-clerks">
          {clerks.data.map((address) => (
            <li key={address}>
              <span>{address}</span>
              <button type="button" className="secondary" disabled={busy || !online} aria-label={T.removeLabel(address)} onClick={() => void change(address, false)}>
                {T.remove}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="console-inline" onSubmit={add} noValidate>
        <label htmlFor={emailId}>{T.emailLabel}</label>
        <input id={emailId} type="email" value={email} autoComplete="off" onChange={(e) => setEmail(e.target.value)} />
        <button type="submit" disabled={busy || !online}>
          {T.add}
        </button>
      </form>
      <div aria-live="polite">{said && <p className={said.error ? 'console-error' : 'ring-said'}>{said.text}</p>}</div>
    </ConsoleSection>
  );
}
