// Says so when the show's server speaks a newer sync contract than this build reads: the saved show stays
// on screen, read-only, until the visitor reloads into the latest version.
import { OUTDATED_MESSAGE, useSyncStatus } from '../data/mirror-start.ts';
import { reloadLatest } from './pwa.ts';
import './storage-message.css';

export function OutdatedMessage() {
  const { outdated } = useSyncStatus();
  if (!outdated) return null;
  return (
    <div className="error-box storage-message outdated-message" role="alert">
      <p>{OUTDATED_MESSAGE}</p>
      <button type="button" onClick={() => void reloadLatest()}>
        Reload
      </button>
    </div>
  );
}
