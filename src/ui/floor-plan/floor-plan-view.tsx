// The floor plan's picture and places, with its states in words: Leaflet loads lazily with it (never in the
// first route), the picture may be missing offline, and a screen too narrow to read a plan on gets the list.
import { Component, lazy, Suspense, useCallback, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { FLOOR_PLAN_TEXTS as T } from '../floor-plan-texts.ts';
import type { PlanMapProps } from './plan-map.tsx';
import './floor-plan.css';

const PlanMap = lazy(() => import('./plan-map.tsx').then((m) => ({ default: m.PlanMap })));

/** Narrower than this (CSS px), a plan's labels cannot be read: the list below serves alone. */
const TOO_SMALL = '(max-width: 299px)';
/** The bench times the plan to this mark: the picture loaded and the places drawn. */
const FLOOR_PLAN_RENDERED_MARK = 'floor-plan-rendered';

function useMedia(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    () => window.matchMedia(query).matches,
  );
}

/** A failed chunk (the plan's script not saved, offline) leaves the list usable. */
class PlanScriptBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p className="plan-state error-box">{T.pictureFailed}</p> : this.props.children;
  }
}

type Picture = 'loading' | 'loaded' | 'failed';

export function FloorPlanView(props: Omit<PlanMapProps, 'onPicture'>) {
  const tooSmall = useMedia(TOO_SMALL);
  const [picture, setPicture] = useState<{ url: string; state: Picture }>({ url: props.imageUrl, state: 'loading' });
  const marked = useRef(false);
  const onPicture = useCallback(
    (state: 'loaded' | 'failed') => {
      setPicture({ url: props.imageUrl, state });
      // The places are drawn before the picture arrives (they are drawn with the map).
      if (state === 'loaded' && !marked.current) {
        marked.current = true;
        performance.mark(FLOOR_PLAN_RENDERED_MARK);
      }
    },
    [props.imageUrl],
  );
  if (tooSmall) return <p className="plan-state">{T.tooSmall}</p>;
  const state = picture.url === props.imageUrl ? picture.state : 'loading';
  return (
    <div className="plan-frame" data-picture={state}>
      <PlanScriptBoundary>
        <Suspense fallback={<div className="plan-map plan-map-loading" aria-hidden="true" />}>
          <PlanMap {...props} onPicture={onPicture} />
        </Suspense>
      </PlanScriptBoundary>
      <p className="plan-hint">{T.mapHint}</p>
      <p className="plan-state" role="status">
        {state === 'loading' ? T.pictureLoading : state === 'failed' ? T.pictureFailed : ''}
      </p>
    </div>
  );
}
