// "A new version is available — Reload": a new service worker waits until the visitor chooses to reload.
import { updateServiceWorker, usePwa } from './pwa.ts';

export function UpdatePrompt() {
  const needRefresh = usePwa((s) => s.needRefresh);
  if (!needRefresh) return null;
  return (
    <div className="update-prompt" role="status" aria-live="polite">
      <p>A new version is available</p>
      <button type="button" onClick={() => void updateServiceWorker(true)}>
        Reload
      </button>
    </div>
  );
}
