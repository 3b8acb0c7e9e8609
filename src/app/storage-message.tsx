// Says so when the device ran out of storage for the show data (the sync engine cleared the mirror; the
// outbox is untouched); gone after the next complete sync.
import { QUOTA_MESSAGE, useSyncStatus } from '../data/mirror-start.ts';
import './storage-message.css';

export function StorageMessage() {
  const { storageFull } = useSyncStatus();
  // Rendered only while it applies: an inserted alert is announced, and other alerts stay the only ones.
  if (!storageFull) return null;
  return (
    <p className="error-box storage-message" role="alert">
      {QUOTA_MESSAGE}
    </p>
  );
}
