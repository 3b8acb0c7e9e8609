// Page views, only with stored cookie consent and a configured analytics id (SPEC §7, §9).
import { appConfig } from '../config.ts';

export const CONSENT_KEY = 'cookie-consent';

type Gtag = (...args: unknown[]) => void;
declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

function hasConsent(): boolean {
  return localStorage.getItem(CONSENT_KEY) !== null;
}

function ensureLoaded(id: string): Gtag {
  if (!window.gtag) {
    window.dataLayer = window.dataLayer ?? [];
    window.gtag = (...args: unknown[]) => window.dataLayer!.push(args);
    window.gtag('js', new Date());
    window.gtag('config', id, { send_page_view: false });
    const script = document.createElement('script');
    script.async = true;
    script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
    document.head.append(script);
  }
  return window.gtag;
}

/** Sends a page view; does nothing without consent or an analytics id. */
export function trackPageView(path: string): void {
  const id = appConfig().analyticsId;
  if (!id || !hasConsent()) return;
  ensureLoaded(id)('event', 'page_view', { page_path: path });
}
