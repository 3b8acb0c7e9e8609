// The ring-side screen's results: record an award or a final (numbers in place order), the ring's drafts
// (read from the backend when online, this device's own from the outbox at once) with Correct, Withdraw and
// Publish, and what is published. Drafts are never mirrored: visitors' phones see published results only.
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useSyncStatus, type EventCatalogue, type RingSideView, type RingSideItem } from '../../data/mirror.ts';
import { compareCatalogueNumbers } from '../../../shared/catalogue.ts';
import { zonedDateTime } from '../../../shared/dates.ts';
import { ConsoleSection } from './console-section.tsx';
import { changeStateText } from './pending-change.ts';
import { NumbersField, readNumbers } from './ring-side-numbers.tsx';
import { ringAwards, usedAwards, type AwardView, type DraftRow, type RingAct } from './ring-side-state.ts';
import { RING_SIDE_TEXTS as T } from './ring-side-texts.ts';
import { useReport } from './use-report.ts';

/** How long the drafts' read may take before the screen says so. */
const DRAFTS_DEADLINE_MS = 10_000;
/** Drafts other devices record show within this long (and at once when this device sends one). */
const DRAFTS_REFRESH_MS = 30_000;

async function loadDrafts(client: SupabaseClient, eventId: number, ring: string, signal: AbortSignal): Promise<DraftRow[]> {
  const { data, error } = await client
    .from('results')
    .select('award, place, entry_id, judge')
    .eq('event_id', eventId)
    .eq('ring', ring)
    .eq('kind', 'judging')
    .eq('published', false)
    .abortSignal(AbortSignal.any([signal, AbortSignal.timeout(DRAFTS_DEADLINE_MS)]));
  if (error) throw new Error(error.message);
  return data as DraftRow[];
}

/** A draft or a published award as the form fills itself in to correct it. */
interface Draft {
  award: string;
  places: boolean;
  typed: string;
}

export function RingResults({
  eventId,
  ring,
  judging,
  catalogue,
  items,
  zone,
  judge,
  onJudge,
  act,
}: {
  eventId: number;
  ring: string;
  judging: RingSideView;
  catalogue: EventCatalogue | undefined;
  items: RingSideItem[];
  zone: string;
  judge: string;
  onJudge: (judge: string) => void;
  act: RingAct;
}) {
  const { online } = useSyncStatus();
  const load = useCallback((client: SupabaseClient, signal: AbortSignal) => loadDrafts(client, eventId, ring, signal), [eventId, ring]);
  const drafts = useReport(`${eventId}\n${ring}`, load, DRAFTS_REFRESH_MS);
  const sentKey = items
    .filter((i) => i.status === 'sent')
    .map((i) => i.id)
    .join(',');
  const { refresh } = drafts;
  useEffect(() => {
    if (sentKey !== '') refresh();
  }, [sentKey, refresh]);
  const [correcting, setCorrecting] = useState<Draft | null>(null);

  const byId = new Map((catalogue?.entries ?? []).map((e) => [e.id, e.catalogue_number]));
  const awards = ringAwards({
    drafts: drafts.data ?? [],
    draftsAt: drafts.updatedAt?.getTime() ?? null,
    published: judging.results,
    items,
    ring,
    numberOf: (id) => byId.get(id),
  });
  const draftAwards = awards.filter((a) => a.rows.some((r) => !r.published) || (a.rows.length === 0 && a.latest !== null));
  const publishedAwards = awards.filter((a) => a.rows.some((r) => r.published));
  const suggestions = usedAwards(judging.results, drafts.data ?? [], items);
  const publishedAt = new Map(judging.results.map((r) => [`${r.award}\n${byId.get(r.entry_id) ?? ''}`, r.published_at]));

  const draftsState = !online ? T.draftsOffline : drafts.error ? T.draftsFailed(drafts.error) : null;

  return (
    <>
      <RecordForm
        key={correcting ? `correct ${correcting.award}` : 'new'}
        ring={ring}
        catalogue={catalogue}
        suggestions={suggestions}
        draft={correcting}
        judge={judge}
        onJudge={onJudge}
        onDone={() => setCorrecting(null)}
        act={act}
      />
      <ConsoleSection title={T.draftsTitle(ring)}>
        {draftsState && <p className="ring-note">{draftsState}</p>}
        {draftAwards.length === 0 ? (
          <p>{T.noDrafts}</p>
        ) : (
          <>
            <ul className="ring-awards">
              {draftAwards.map((a) => (
                <AwardCard
                  key={a.award}
                  award={a}
                  rows={a.rows.filter((r) => !r.published)}
                  catalogue={catalogue}
                  ring={ring}
                  act={act}
                  onCorrect={() => {
                    setCorrecting({ award: a.award, places: a.places, typed: a.rows.map((r) => r.number).join(', ') });
                    if (a.judge) onJudge(a.judge);
                    window.scrollTo({ top: 0 });
                  }}
                />
              ))}
            </ul>
            <p className="console-actions">
              <button type="button" onClick={() => void act(T.publishAllAction(ring), { type: 'publish', ring, award: null })}>
                {T.publishAll(ring)}
              </button>
            </p>
          </>
        )}
      </ConsoleSection>
      <ConsoleSection title={T.publishedTitle(ring)}>
        {publishedAwards.length === 0 ? (
          <p>{T.noPublished}</p>
        ) : (
          <ul className="ring-awards">
            {publishedAwards.map((a) => {
              const rows = a.rows.filter((r) => r.published);
              const at = publishedAt.get(`${a.award}\n${rows[0]?.number ?? ''}`);
              return (
                <AwardCard
                  key={a.award}
                  award={a}
                  rows={rows}
                  catalogue={catalogue}
                  ring={ring}
                  note={at ? T.publishedAt(zonedDateTime(new Date(at), zone).time.slice(0, 5)) : null}
                  act={act}
                  onCorrect={() => {
                    setCorrecting({ award: a.award, places: a.places, typed: a.rows.map((r) => r.number).join(', ') });
                    window.scrollTo({ top: 0 });
                  }}
                />
              );
            })}
          </ul>
        )}
      </ConsoleSection>
    </>
  );
}

function RecordForm({
  ring,
  catalogue,
  suggestions,
  draft,
  judge,
  onJudge,
  onDone,
  act,
}: {
  ring: string;
  catalogue: EventCatalogue | undefined;
  suggestions: string[];
  draft: Draft | null;
  judge: string;
  onJudge: (judge: string) => void;
  onDone: () => void;
  act: RingAct;
}) {
  const [award, setAward] = useState(draft?.award ?? '');
  const [places, setPlaces] = useState(draft?.places ?? true);
  const [typed, setTyped] = useState(draft?.typed ?? '');
  const [tried, setTried] = useState(false);
  const ids = { award: useId(), judge: useId(), list: useId(), places: useId() };
  const awardProblem = tried && award.trim() === '' ? T.noAward : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    const { numbers, problem } = readNumbers(typed, catalogue, places);
    const name = award.trim();
    if (problem !== null || name === '') return;
    const action = { ring, award: name, judge: judge.trim() || null, numbers };
    // A final recorded again replaces its places; an award without places adds up, so a correction takes it away first.
    if (draft && !places && !(await act(T.withdrawResultAction(draft.award, ring), { type: 'withdraw', ring, award: draft.award, numbers: null }))) return;
    if (await act(T.recordAction(name, ring), places ? { type: 'final', ...action } : { type: 'award', ...action })) {
      setAward('');
      setTyped('');
      setTried(false);
      onDone();
    }
  };

  return (
    <ConsoleSection title={T.recordTitle}>
      {draft && (
        <p className="ring-note">
          {T.correcting(draft.award)}{' '}
          <button type="button" className="secondary" onClick={onDone}>
            {T.cancelCorrect}
          </button>
        </p>
      )}
      <form className="ring-form" onSubmit={(e) => void submit(e)} noValidate>
        <p className="form-row">
          <label htmlFor={ids.award}>{T.awardLabel}</label>
          <input
            id={ids.award}
            value={award}
            maxLength={80}
            list={ids.list}
            autoComplete="off"
            onChange={(e) => setAward(e.target.value)}
            aria-describedby={`${ids.award}-hint${awardProblem ? ` ${ids.award}-problem` : ''}`}
            aria-invalid={awardProblem !== null}
          />
          <datalist id={ids.list}>
            {suggestions.map((s) => (
              <option key={s} value={s} />
            ))}
          </datalist>
          <span id={`${ids.award}-hint`} className="muted">
            {T.awardHint}
          </span>
          {awardProblem && (
            <span id={`${ids.award}-problem`} className="console-error" role="alert">
              {awardProblem}
            </span>
          )}
        </p>
        <fieldset className="ring-places">
          <legend>{T.placesLegend}</legend>
          <label>
            <input type="radio" name={ids.places} checked={places} onChange={() => setPlaces(true)} /> {T.withPlaces}
          </label>
          <label>
            <input type="radio" name={ids.places} checked={!places} onChange={() => setPlaces(false)} /> {T.withoutPlaces}
          </label>
        </fieldset>
        <p className="form-row">
          <label htmlFor={ids.judge}>{T.judgeLabel}</label>
          <input id={ids.judge} value={judge} maxLength={120} autoComplete="off" onChange={(e) => onJudge(e.target.value)} aria-describedby={`${ids.judge}-hint`} />
          <span id={`${ids.judge}-hint`} className="muted">
            {T.judgeHint}
          </span>
        </p>
        <NumbersField value={typed} onChange={setTyped} catalogue={catalogue} hint={T.resultNumbersHint(places)} once={places} showProblem={tried} />
        <p className="console-actions">
          <button type="submit">{T.record}</button>
        </p>
      </form>
    </ConsoleSection>
  );
}

function AwardCard({
  award,
  rows,
  catalogue,
  ring,
  note = null,
  act,
  onCorrect,
}: {
  award: AwardView;
  rows: AwardView['rows'];
  catalogue: EventCatalogue | undefined;
  ring: string;
  note?: string | null;
  act: RingAct;
  onCorrect: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const titleId = useId();
  const draft = rows.some((r) => !r.published);
  const ordered = award.places ? rows : [...rows].sort((a, b) => compareCatalogueNumbers(a.number, b.number));
  return (
    <li className={`ring-award${draft ? ' is-draft' : ' is-published'}`} aria-labelledby={titleId}>
      <p className="ring-award-head">
        <strong id={titleId}>{award.award}</strong> {award.judge && <span className="muted">{T.judgeBy(award.judge)}</span>}
      </p>
      {(note || award.latest) && (
        <p className="ring-call-state">
          {note && <span className="muted">{note}</span>}
          {award.latest && <span className={`ring-sending is-${award.latest.status}`}>{changeStateText(award.latest)}</span>}
        </p>
      )}
      {ordered.length > 0 && (
        <ol className="ring-cats">
          {ordered.map((r) => {
            const cat = catalogue?.byNumber.get(r.number);
            return (
              <li key={r.number}>
                {r.place !== null && <span className="ring-place">{T.place(r.place)}</span>} <span className="ring-cat-number">{r.number}</span>{' '}
                <span className="ring-cat-name">{cat?.name ?? ''}</span>
              </li>
            );
          })}
        </ol>
      )}
      {confirming ? (
        <div className="ring-confirm" role="group" aria-label={award.award}>
          <p>
            <strong>{T.confirmWithdrawResult(award.award)}</strong>
          </p>
          <p className="console-actions">
            <button
              type="button"
              onClick={() => {
                setConfirming(false);
                void act(T.withdrawResultAction(award.award, ring), { type: 'withdraw', ring, award: award.award, numbers: null });
              }}
            >
              {T.confirmYes}
            </button>
            <button type="button" className="secondary" onClick={() => setConfirming(false)}>
              {T.confirmBack}
            </button>
          </p>
        </div>
      ) : (
        <p className="console-actions" role="group" aria-label={award.award}>
          <button type="button" className="secondary" onClick={onCorrect}>
            {T.correct}
          </button>
          <button type="button" className="secondary" onClick={() => setConfirming(true)}>
            {T.withdraw}
          </button>
          {draft && (
            <button type="button" onClick={() => void act(T.publishAction(award.award, ring), { type: 'publish', ring, award: award.award })}>
              {T.publish}
            </button>
          )}
        </p>
      )}
    </li>
  );
}
