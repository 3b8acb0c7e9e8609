// "Your changes": the organiser's latest queued changes and where each stands, in words.
import { ConsoleSection } from './console-section.tsx';
import { changeStateText } from './pending-change.ts';
import type { ConsoleChange } from './use-console-data.ts';

export function ChangesSection({ items }: { items: ConsoleChange[] }) {
  return (
    <ConsoleSection title="Your changes">
      <ul className="console-changes">
        {items.map((item) => (
          <li key={item.id} className={`console-change is-${item.status}`}>
            <span>{item.payload.label}</span> <strong className="console-change-state">{changeStateText(item)}</strong>
          </li>
        ))}
      </ul>
    </ConsoleSection>
  );
}
