// The panel of "Ready for the hall": what this phone holds of the show, and saving every picture over Wi-Fi.
import { useEffect, useRef, useState } from 'react';
import { IMAGE_CACHE_MAX_ENTRIES } from '../../../shared/sw-protocol.ts';
import { formatWholeNumber } from '../../../shared/whole-number.ts';
import { useSyncStatus } from '../../data/mirror.ts';
import { estimateDownload, readPictureStore, roomInPictureCache, savePictures, type PictureStore, type SaveProgress } from './save-pictures.ts';
import { mirrorRowCount, showPictureUrls } from './show-pictures.ts';

interface Holdings {
  rows: number;
  store: PictureStore;
  /** The missing pictures that fit in the bounded cache, in the show's order. */
  toSave: string[];
}

type Saving = { state: 'idle' } | { state: 'saving'; progress: SaveProgress } | { state: 'stopped' | 'done'; progress: SaveProgress };

/** Whole counts as Intl's 'en' writes them, without Intl: this module loads with other screens, which would all pay for the locale's data. */
const count = { format: formatWholeNumber };

/** "3.4 MB", "820 kB": decimal units, as phones show storage. */
function formatBytes(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1000))} kB`;
}

async function readHoldings(): Promise<Holdings> {
  const [urls, rows, room] = await Promise.all([showPictureUrls(), mirrorRowCount(), roomInPictureCache()]);
  const store = await readPictureStore(urls);
  return { rows, store, toSave: store.missing.slice(0, room) };
}

export function ReadyForTheHallPanel() {
  const { online, lastSyncedAt } = useSyncStatus();
  const [holdings, setHoldings] = useState<Holdings | null>(null);
  const [measured, setMeasured] = useState<{ key: string; bytes: number; unknown: number } | null>(null);
  const [saving, setSaving] = useState<Saving>({ state: 'idle' });
  const stop = useRef<AbortController | null>(null);
  // Each picture's size, once asked: a re-read list (after a sync) asks only for pictures not asked before.
  const sizes = useRef(new Map<string, number | null>());
  const busy = saving.state === 'saving';

  // Re-read after each sync (new rows may bring new pictures) and after each save run.
  useEffect(() => {
    if (busy) return;
    let live = true;
    void readHoldings().then((h) => live && setHoldings(h));
    return () => {
      live = false;
    };
  }, [lastSyncedAt, busy]);

  // The size before starting: HEADs for a sample of the missing pictures (estimateDownload), only while online.
  const toSaveKey = holdings?.toSave.join('\n') ?? '';
  useEffect(() => {
    if (!online || !toSaveKey) return;
    const ac = new AbortController();
    estimateDownload(toSaveKey.split('\n'), ac.signal, sizes.current).then(
      (m) => setMeasured({ key: toSaveKey, ...m }),
      () => undefined,
    );
    return () => ac.abort();
  }, [online, toSaveKey]);
  const size = measured?.key === toSaveKey ? measured : null;

  useEffect(() => () => stop.current?.abort(), []);

  if (!holdings) return <p className="muted">Checking what is saved…</p>;
  const { rows, store, toSave } = holdings;

  const start = async () => {
    const ac = new AbortController();
    stop.current = ac;
    let progress: SaveProgress = { done: 0, failed: 0, total: toSave.length };
    setSaving({ state: 'saving', progress });
    try {
      progress = await savePictures(toSave, ac.signal, (p) => {
        progress = p;
        setSaving({ state: 'saving', progress: p });
      });
      setSaving({ state: 'done', progress });
    } catch {
      setSaving({ state: 'stopped', progress });
    } finally {
      stop.current = null;
    }
  };

  const notFitting = store.missing.length - toSave.length;
  return (
    <section className="ready-for-hall-panel" aria-label="Ready for the hall">
      <p>Show data saved on this phone: {count.format(rows)} entries (breeds, catteries, litters, events, schedule, pet products).</p>
      <p>
        Pictures saved: {count.format(store.saved)} of {count.format(store.total)}
        {store.savedBytes > 0 && ` (${formatBytes(store.savedBytes)})`}.
      </p>
      {store.total > 0 && store.missing.length === 0 && <p>All pictures are saved: the show's pages show them offline.</p>}
      {notFitting > 0 && (
        <p className="warning">
          Only {count.format(IMAGE_CACHE_MAX_ENTRIES)} pictures fit in this phone's picture store: {count.format(notFitting)} will not be saved.
        </p>
      )}
      {toSave.length > 0 && !busy && (
        <>
          {!online ? (
            <p>Saving pictures needs a connection.</p>
          ) : size === null ? (
            <p className="muted">Measuring the download…</p>
          ) : (
            <p>
              Saving {count.format(toSave.length)} more pictures downloads about {formatBytes(size.bytes)}
              {size.unknown > 0 && ` (${count.format(size.unknown)} of unknown size)`}. Best over good Wi-Fi.
            </p>
          )}
          <button type="button" disabled={!online} onClick={() => void start()}>
            Save all pictures
          </button>
        </>
      )}
      {saving.state === 'saving' && (
        <>
          <label htmlFor="picture-progress">
            Saving pictures: {saving.progress.done + saving.progress.failed} of {saving.progress.total}
          </label>
          <progress id="picture-progress" max={saving.progress.total} value={saving.progress.done + saving.progress.failed} />
          <button type="button" className="secondary" onClick={() => stop.current?.abort()}>
            Stop
          </button>
        </>
      )}
      {saving.state === 'stopped' && <p role="status">Stopped after {saving.progress.done} pictures. Save again to continue where it stopped.</p>}
      {saving.state === 'done' && (
        <p role="status">
          Saved {saving.progress.done} pictures.
          {saving.progress.failed > 0 && ` ${saving.progress.failed} could not be saved: try again later.`}
        </p>
      )}
    </section>
  );
}
