// A titled part of the organiser console (Your changes, Show notices, Live schedule).
import { useId, type ReactNode } from 'react';

export function ConsoleSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="console-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
