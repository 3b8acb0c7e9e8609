// Says so when the page is not a secure context (plain http:// on a hall name): the browser gives it no
// service worker, so it cannot open offline or be installed, while everything else works online.
import { useState } from 'react';
import { INSECURE_ORIGIN_NOTICE } from '../../shared/messages.ts';
import './insecure-notice.css';

/** Dismissed for this tab's session, like the cookie banner: shown again on the next visit. */
const DISMISSED_KEY = 'insecure-notice-dismissed';

function wasDismissed(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) !== null;
  } catch {
    return false;
  }
}

export function InsecureNotice() {
  // Known at the first render, so the notice never pushes the page down later (CLS). Browsers without
  // isSecureContext predate the rule: no notice.
  const [visible, setVisible] = useState(() => globalThis.isSecureContext === false && !wasDismissed());
  if (!visible) return null;
  const dismiss = () => {
    try {
      sessionStorage.setItem(DISMISSED_KEY, 'true');
    } catch {
      // Storage blocked: hidden until the next load.
    }
    setVisible(false);
    // The button goes away with the notice: focus moves on to the content rather than to the document.
    document.getElementById('main')?.focus({ preventScroll: true });
  };
  return (
    <section className="insecure-notice" aria-labelledby="insecure-notice-title">
      <div>
        <h2 id="insecure-notice-title">{INSECURE_ORIGIN_NOTICE.title}</h2>
        <p>{INSECURE_ORIGIN_NOTICE.body}</p>
      </div>
      <button type="button" onClick={dismiss}>
        {INSECURE_ORIGIN_NOTICE.dismiss}
      </button>
    </section>
  );
}
