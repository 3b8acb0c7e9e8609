// The loading, error and empty states every list and detail page has (SPEC §4 "Data views").
import type { ReactNode } from 'react';

export function Loading({ children }: { children: ReactNode }) {
  return (
    <p className="state state-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {children}
    </p>
  );
}

export function ErrorBox({ children }: { children: ReactNode }) {
  return (
    <p className="error-box" role="alert">
      {children}
    </p>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="state state-empty">{children}</p>;
}
