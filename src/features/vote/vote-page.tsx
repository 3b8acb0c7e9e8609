// Visitor's Choice (SPEC §2, §4, §5): the vote is stored in the outbox first, then sent; the visitor
// sees where it stands, online or not. Where the event has a catalogue, the number names a cat: shown as
// it is typed (from the mirror, offline too), and a number not in the catalogue is refused before sending.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { queueVote, usePreloadedOutbox } from '../../data/backend.ts';
import { db, entryOf, readEventCatalogue, useEventCatalogue, type CatalogueCat, type EventCatalogue, type OutboxItem } from '../../data/mirror.ts';
import { ERROR_FALLBACK, outboxFailureCode, outboxFailureText, VOTE_MESSAGES } from '../../../shared/messages.ts';
import { formatDateRange } from '../../../shared/dates.ts';
import { activeEvent } from '../../../shared/schedule.ts';
import { paths } from '../../../shared/paths.ts';
import { CATALOGUE_TEXTS } from '../../ui/catalogue-texts.ts';
import { validateVote, type VoteForm } from '../../../shared/vote.ts';
import { focusWasLost } from '../../ui/focus.ts';
import { ErrorBox } from '../../ui/states.tsx';
import { OutboxStatusLine } from '../../ui/outbox-status.tsx';

const EMPTY: VoteForm = { first_name: '', last_name: '', email: '', phone: '', catalog_number: '' };

/** Whether the event takes only its catalogue's numbers (it has entries; without, any number, as before). */
const catalogued = (catalogue: EventCatalogue) => catalogue.entries.length > 0;

/** How long the form waits for a live answer before it settles for "queued". */
const SETTLE_MS = 4000;

/** The event the vote goes to: the one the events list shows first, by the venue's date (SPEC §7). */
async function currentEvent() {
  return activeEvent(await db.events.toArray(), new Date());
}

/** The heading of a view that replaces the form takes focus, so keyboard and screen-reader users follow. */
const focusOnMount = (el: HTMLElement | null) => el?.focus();

async function settle(id: string): Promise<OutboxItem | undefined> {
  const deadline = Date.now() + SETTLE_MS;
  for (;;) {
    const item = await db.outbox.get(id);
    if (!item || item.status === 'sent' || item.status === 'failed' || !navigator.onLine || Date.now() > deadline) return item;
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** After the server recorded the vote. */
function VoteDone({ onAnother }: { onAnother: () => void }) {
  return (
    <main className="page vote">
      <section className="vote-success" aria-live="polite">
        <h1 ref={focusOnMount} tabIndex={-1}>
          Thank you for your vote!
        </h1>
        <p>Your choice has been recorded successfully.</p>
        <button type="button" onClick={onAnother}>
          Submit another vote
        </button>
      </section>
    </main>
  );
}

/** The server refused a vote that waited in the outbox: why, and the way back to the form. */
function VoteRefused({ item, onBack }: { item: OutboxItem; onBack: () => void }) {
  return (
    <main className="page vote">
      <section className="vote-success" aria-live="polite">
        <h1 ref={focusOnMount} tabIndex={-1}>
          Your vote could not be recorded
        </h1>
        <ErrorBox>{outboxFailureText(item) ?? ERROR_FALLBACK}</ErrorBox>
        <button type="button" onClick={onBack}>
          Back to the form
        </button>
      </section>
    </main>
  );
}

/** In the outbox, not yet acknowledged: where it stands, followed live. */
function VoteSaved({ item, onAnother }: { item: OutboxItem | undefined; onAnother: () => void }) {
  return (
    <main className="page vote">
      <section className="vote-success" aria-live="polite">
        <h1 ref={focusOnMount} tabIndex={-1}>
          Your vote is saved
        </h1>
        <p>It will be sent as soon as you are back online; you can close the app meanwhile.</p>
        {item && <OutboxStatusLine item={item} />}
        <button type="button" onClick={onAnother}>
          Submit another vote
        </button>
      </section>
    </main>
  );
}

/** The cat the number names: what the visitor checks before sending. */
function NumberedCat({ cat }: { cat: CatalogueCat | undefined }) {
  return (
    // The region stays, so a screen reader hears each cat as the number is typed.
    <div id="vote-cat" className="vote-cat" aria-live="polite">
      {cat && (
        <p>
          <strong>{cat.name}</strong>
          <span>{[cat.breed?.breed_name, cat.pen && `Pen ${cat.pen}`, cat.absent && 'Absent'].filter(Boolean).join(' · ')}</span>
        </p>
      )}
    </div>
  );
}

function VoteHero({ votingIn }: { votingIn: Awaited<ReturnType<typeof currentEvent>> | undefined }) {
  return (
    <section className="hero">
      <h1>Visitor's Choice</h1>
      <p>Which cat stole your heart? Give the catalog number of your favourite and vote once for this show.</p>
      {votingIn && (
        <p className="vote-event">
          You are voting in <strong>{votingIn.name}</strong> (<time dateTime={votingIn.start_date}>{formatDateRange(votingIn.start_date, votingIn.end_date)}</time>)
        </p>
      )}
    </section>
  );
}

export function VotePage() {
  usePreloadedOutbox();
  // "Vote for this cat" (paths.visitorsChoice) opens the form with the cat's number filled in.
  const [params] = useSearchParams();
  const [form, setForm] = useState<VoteForm>(() => ({ ...EMPTY, catalog_number: params.get('number') ?? '' }));
  // saved: in the outbox, not yet acknowledged (offline, or the server is slow); the view follows the item.
  const [phase, setPhase] = useState<'idle' | 'submitting' | 'saved' | 'success'>('idle');
  const [error, setError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<(keyof VoteForm)[]>([]);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const [voteId, setVoteId] = useState<string | null>(null);
  const item = useLiveQuery(() => (voteId ? db.outbox.get(voteId) : undefined), [voteId]);
  // The event the vote will go to, named on the form so the visitor knows which show they vote in.
  const votingIn = useLiveQuery(currentEvent, []);
  const catalogue = useEventCatalogue(votingIn?.id);
  const numberedCat = catalogue && entryOf(catalogue, form.catalog_number);

  const field = (name: keyof VoteForm) => ({
    id: `vote-${name}`,
    name,
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value })),
    'aria-invalid': invalid.includes(name) || undefined,
    'aria-describedby': invalid.includes(name) ? 'vote-error' : undefined,
  });
  const refuseNumber = (message: string) => {
    setPhase('idle');
    setInvalid(['catalog_number']);
    document.getElementById('vote-catalog_number')?.focus();
    setError(message);
  };

  // A refusal that arrives after sending (the button was disabled meanwhile, so focus was lost) takes focus.
  useEffect(() => {
    if (error && focusWasLost()) errorRef.current?.focus();
  }, [error]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setInvalid([]);
    const checked = validateVote(form);
    if (!checked.ok) {
      setInvalid(checked.fields);
      if (checked.fields[0]) document.getElementById(`vote-${checked.fields[0]}`)?.focus();
      return setError(checked.message);
    }
    setPhase('submitting');
    try {
      const event = await currentEvent();
      if (!event) {
        setPhase('idle');
        return setError(VOTE_MESSAGES.noActiveEvent);
      }
      // Read again for the event the vote goes to, as it is sent.
      const sentTo = await readEventCatalogue(event.id);
      const cat = entryOf(sentTo, checked.vote.catalog_number);
      if (catalogued(sentTo) && !cat) return refuseNumber(VOTE_MESSAGES.unknownEntry);
      // Sent as printed ("052a" is 52A), so the results count the cat on one line.
      const queued = await queueVote({ ...checked.vote, catalog_number: cat?.catalogue_number ?? checked.vote.catalog_number, event_id: event.id });
      const settled = await settle(queued.id);
      if (settled?.status === 'failed') {
        // A permanent refusal (e.g. this e-mail already voted) belongs on the form, fields kept.
        const message = outboxFailureText(settled) ?? ERROR_FALLBACK;
        if (outboxFailureCode(settled) === 'unknown_entry') return refuseNumber(message);
        setPhase('idle');
        return setError(message);
      }
      setVoteId(queued.id);
      setForm(EMPTY);
      setPhase(settled?.status === 'sent' ? 'success' : 'saved');
    } catch (err) {
      setPhase('idle');
      setError(err instanceof Error && err.message ? err.message : ERROR_FALLBACK);
    }
  }

  const delivered = phase === 'success' || (phase === 'saved' && item?.status === 'sent');
  const reset = () => {
    setVoteId(null);
    setPhase('idle');
  };

  if (delivered) return <VoteDone onAnother={reset} />;

  if (phase === 'saved' && item?.status === 'failed') {
    const payload = item.kind === 'vote' ? item.payload : null;
    const back = () => {
      // Back to the form with what the visitor typed, so a typo is quick to fix.
      if (payload)
        setForm({
          first_name: payload.first_name,
          last_name: payload.last_name,
          email: payload.email ?? '',
          phone: payload.phone ?? '',
          catalog_number: payload.catalog_number,
        });
      reset();
    };
    return <VoteRefused item={item} onBack={back} />;
  }

  if (phase === 'saved') return <VoteSaved item={item} onAnother={reset} />;

  return (
    <main className="page vote">
      <VoteHero votingIn={votingIn} />
      <form className="form" onSubmit={submit} noValidate>
        <div className="form-row">
          <label htmlFor="vote-first_name">First name *</label>
          <input {...field('first_name')} autoComplete="given-name" required />
        </div>
        <div className="form-row">
          <label htmlFor="vote-last_name">Last name *</label>
          <input {...field('last_name')} autoComplete="family-name" required />
        </div>
        <div className="form-row">
          <label htmlFor="vote-email">E-mail</label>
          <input {...field('email')} type="email" autoComplete="email" inputMode="email" />
        </div>
        <div className="form-row">
          <label htmlFor="vote-phone">Phone</label>
          <input {...field('phone')} type="tel" autoComplete="tel" />
        </div>
        <p className="hint">Please give either an e-mail address or a phone number so we can contact you.</p>
        <div className="form-row">
          <label htmlFor="vote-catalog_number">Catalog number *</label>
          <input
            {...field('catalog_number')}
            aria-describedby={[invalid.includes('catalog_number') && 'vote-error', numberedCat && 'vote-cat'].filter(Boolean).join(' ') || undefined}
            // A text keyboard: a late entry's number has a letter ("52A").
            autoCapitalize="characters"
            autoComplete="off"
            required
          />
          <NumberedCat cat={numberedCat} />
          {catalogue && catalogued(catalogue) && (
            <p className="hint">
              <Link to={paths.catalogue(catalogue.eventId)}>{CATALOGUE_TEXTS.findToVote}</Link>
            </p>
          )}
        </div>
        {error && (
          <ErrorBox id="vote-error" ref={errorRef} tabIndex={-1}>
            {error}
          </ErrorBox>
        )}
        <button type="submit" disabled={phase === 'submitting'}>
          {phase === 'submitting' ? 'Submitting...' : 'Submit vote'}
        </button>
      </form>
    </main>
  );
}
