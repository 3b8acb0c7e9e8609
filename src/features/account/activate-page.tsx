// /activate-account?token=… (SPEC §2, §5): verify_account activates the profile, then /login after 5 s.
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Loading } from '../../ui/states.tsx';
import { verifyAccount } from './account-api.ts';
import { failureText } from './messages.ts';
import { ResendVerification } from './resend-verification.tsx';
import './account.css';

/** SPEC §9: redirect after activation. */
const ACTIVATION_REDIRECT_MS = 5000;

type Outcome = { ok: true } | { ok: false; message: string };

// The token is spent by the first call, so each token is verified once per page load even when React
// runs the effect twice (StrictMode) or the component remounts.
const attempts = new Map<string, Promise<Outcome>>();

function verify(token: string): Promise<Outcome> {
  let attempt = attempts.get(token);
  if (!attempt) {
    attempt = verifyAccount(token).then(
      (result): Outcome => (result.ok ? result : { ok: false, message: result.message || 'Failed to verify account' }),
      (err: unknown): Outcome => ({ ok: false, message: failureText(err, 'Failed to verify account') }),
    );
    attempts.set(token, attempt);
  }
  return attempt;
}

function Countdown({ ms, onDone }: { ms: number; onDone: () => void }) {
  const [left, setLeft] = useState(Math.ceil(ms / 1000));
  useEffect(() => {
    if (left <= 0) {
      onDone();
      return;
    }
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, onDone]);
  return (
    <p role="status" aria-live="polite">
      Redirecting to sign in in {left} second{left === 1 ? '' : 's'}…
    </p>
  );
}

export function ActivatePage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const toLogin = useCallback(() => navigate('/login', { replace: true }), [navigate]);
  const [outcome, setOutcome] = useState<Outcome | null>(token ? null : { ok: false, message: 'Invalid activation link. No token provided.' });

  useEffect(() => {
    if (!token) return;
    let live = true;
    void verify(token).then((o) => live && setOutcome(o));
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <main className="page account-page">
      <section className="account-card account-done" aria-live="polite">
        {outcome === null ? (
          <>
            <h1>Verifying your account</h1>
            <Loading>Please wait while we verify your account…</Loading>
          </>
        ) : outcome.ok ? (
          <>
            <h1>Account Activated!</h1>
            <p className="success-box">Your account has been verified. You can now sign in.</p>
            <Countdown ms={ACTIVATION_REDIRECT_MS} onDone={toLogin} />
            <Link to="/login" className="button">
              Sign in now
            </Link>
          </>
        ) : (
          <>
            <h1>Activation Failed</h1>
            <p className="error-box" role="alert">
              {outcome.message}
            </p>
            <p>
              The link may have been used already or may have expired. If your account is already verified, just sign in. Otherwise ask for a new verification e-mail
              below, or <Link to="/register">register</Link> if you have no account yet.
            </p>
            <ResendVerification />
            <div className="account-actions">
              <Link to="/login" className="button">
                Go to sign in
              </Link>
              <Link to="/" className="button secondary">
                Back to home
              </Link>
            </div>
          </>
        )}
      </section>
    </main>
  );
}
