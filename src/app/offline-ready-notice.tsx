// "Ready for offline use" in words, at the moment the phone reaches it (src/app/offline-ready.ts) on the
// first visit that does: a polite status under the header that goes after a while, leaving the sync
// indicator's own words.
import { useEffect, useState } from 'react';
import { OFFLINE_READY_TEXTS } from '../ui/offline-ready-texts.ts';
import './offline-ready-notice.css';
import { useOfflineReady } from './offline-ready.ts';
import { claimOfflineReadyNotice, OFFLINE_READY_NOTICE_MS } from './offline-ready-said.ts';

let claimed: boolean | null = null;
/** Asked once per page: React may render twice, and the answer must not change in between. */
function sayItThisVisit(): boolean {
  if (claimed === null) {
    let storage: Storage | undefined;
    try {
      storage = globalThis.localStorage;
    } catch {
      // A page whose storage is blocked: the getter throws.
    }
    claimed = claimOfflineReadyNotice(storage);
  }
  return claimed;
}

export function OfflineReadyNotice() {
  // Asked once the moment comes, and then for good: the answer is remembered for the page.
  const say = useOfflineReady() && sayItThisVisit();
  const [over, setOver] = useState(false);
  useEffect(() => {
    if (!say) return;
    const timer = setTimeout(() => setOver(true), OFFLINE_READY_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [say]);
  const shown = say && !over;
  // The live region is there from the start, so the words are announced when they arrive.
  return (
    <p role="status" className="offline-ready-notice">
      {shown && <span className="offline-ready-notice-text">{OFFLINE_READY_TEXTS.ready}</span>}
    </p>
  );
}
