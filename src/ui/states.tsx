// The loading, error and empty states every list and detail page has (SPEC §4 "Data views").
import type { ComponentProps, ReactNode } from 'react';

export function Loading({ children }: { children: ReactNode }) {
  return (
    <p className="state state-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {children}
    </p>
  );
}

/** Extra attributes (an id for aria-describedby, tabIndex to take focus) pass through. */
export function ErrorBox({ children, ...rest }: ComponentProps<'p'>) {
  return (
    <p {...rest} className="error-box" role="alert">
      {children}
    </p>
  );
}

/** The children stay one run of text (a sentence with a link must not become the flex row's columns). */
export function Empty({ children }: { children: ReactNode }) {
  return (
    <p className="state state-empty">
      <span>{children}</span>
    </p>
  );
}

/** A detail page before its data is ready: the way back, then the loading or error state in words. */
export function DetailPageState({ back, view, loading }: { back: ReactNode; view: { state: 'loading' } | { state: 'error'; message: string }; loading: string }) {
  return (
    <main className="page">
      {back}
      {view.state === 'loading' ? <Loading>{loading}</Loading> : <ErrorBox>{view.message}</ErrorBox>}
    </main>
  );
}
