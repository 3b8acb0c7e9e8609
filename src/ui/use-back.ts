// "Back" that never leaves the app: a page opened directly (a QR code, a shared link) has no in-app
// step to go back to, so it goes to its list instead.
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** One step back in the app's history, or to `list` when this page is the first the app showed. */
export function useBack(list: string): () => void {
  const navigate = useNavigate();
  // React Router gives the entry the app started on the key "default"; every in-app navigation gets its own.
  const first = useLocation().key === 'default';
  return useCallback(() => {
    if (first) void navigate(list);
    else void navigate(-1);
  }, [first, list, navigate]);
}
