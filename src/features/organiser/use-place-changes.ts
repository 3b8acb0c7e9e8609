// The floor-plan editor's changes: each queued in the console's outbox (saved on this device first, then
// sent once) and remembered for Undo (Ctrl+Z / ⌘Z outside a field, or the button).
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { queuePlaceChange } from '../../data/backend.ts';
import type { PlaceDraft, PlaceItem } from '../../data/mirror.ts';
import { ERROR_FALLBACK } from '../../../shared/messages.ts';
import { FLOOR_PLAN_EDITOR_TEXTS as T } from './floor-plan-editor-texts.ts';
import { currentKey, draftOf, HISTORY_SIZE, targetOf, undoOf, type EditorPlace, type HistoryEntry, type PlaceKey } from './hall-changes.ts';

type ChangeKind = Exclude<keyof typeof T.labels, 'undo'>;

interface Options {
  planId: number;
  userId: string;
  /** The plan's place changes in the outbox, and the places as drawn. */
  items: readonly PlaceItem[];
  places: readonly EditorPlace[];
  /** Selects a place (undoing a delete selects the place drawn again). */
  select: (key: PlaceKey) => void;
}

export interface PlaceChanges {
  /** Queues one change and remembers it for Undo; the place's key (a new place's too), or null when it could not be queued. */
  commit: (kind: ChangeKind, key: PlaceKey | null, before: PlaceDraft | null, after: PlaceDraft | null) => Promise<PlaceKey | null>;
  undo: () => Promise<void>;
  canUndo: boolean;
  /** What the last action could not do, in words (nothing to undo, the device full). */
  note: string | null;
}

export function usePlaceChanges({ planId, userId, items, places, select }: Options): PlaceChanges {
  const stack = useRef<HistoryEntry[]>([]);
  const [size, setSize] = useState(0);
  const [note, setNote] = useState<string | null>(null);

  const queue = async (label: string, key: PlaceKey | null, place: PlaceDraft | null) => {
    const target = key === null ? { place_id: null, created_by: null } : targetOf(key);
    return queuePlaceChange({ user_id: userId, label, action: { type: 'change_place', floor_plan_id: planId, ...target, place: place && draftOf(place) } });
  };
  const remember = (next: HistoryEntry[]) => {
    stack.current = next.slice(-HISTORY_SIZE);
    setSize(stack.current.length);
  };
  const failed = (e: unknown) => setNote(e instanceof Error ? e.message : ERROR_FALLBACK);

  const commit: PlaceChanges['commit'] = async (kind, key, before, after) => {
    setNote(null);
    try {
      const item = await queue(T.labels[kind]((after ?? before)?.label ?? ''), key, after);
      const placeKey = key ?? `o${item.id}`;
      remember([...stack.current, { key: placeKey, before: before && draftOf(before), after: after && draftOf(after) }]);
      return placeKey;
    } catch (e) {
      failed(e);
      return null;
    }
  };

  const undo = async () => {
    const entry = stack.current.at(-1);
    if (!entry) return setNote(T.undoNothing);
    remember(stack.current.slice(0, -1));
    const was = currentKey(entry.key, items);
    const change = undoOf(
      entry,
      places.find((p) => p.key === was),
    );
    if (change === 'gone') return setNote(T.undoGone);
    setNote(null);
    try {
      const item = await queue(T.labels.undo((entry.after ?? entry.before)?.label ?? ''), change.key, change.place);
      if (change.key === null) {
        // The place deleted is drawn again as a new one: older changes to it now name the new one.
        const again = `o${item.id}`;
        remember(stack.current.map((h) => (currentKey(h.key, items) === was ? { ...h, key: again } : h)));
        select(again);
      }
    } catch (e) {
      failed(e);
    }
  };

  // Ctrl+Z / ⌘Z anywhere on the page but in a field (where it undoes the typing).
  const undoRef = useRef(undo);
  useLayoutEffect(() => {
    undoRef.current = undo;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() !== 'z' || !(e.ctrlKey || e.metaKey) || e.shiftKey || e.altKey) return;
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      e.preventDefault();
      void undoRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return { commit, undo, canUndo: size > 0, note };
}
