// /login (SPEC §2): e-mail and password sign-in; success goes to `next` (a path inside the app) or home.
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { focusWasLost } from '../../ui/focus.ts';
import { ErrorBox } from '../../ui/states.tsx';
import { signIn } from './account-api.ts';
import { PasswordField, TextField } from './fields.tsx';
import { messageOf, safeNext } from './messages.ts';
import './account.css';

export function LoginPage() {
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  // The button is disabled while signing in, which drops its focus: a refusal puts focus on the password.
  useEffect(() => {
    if (error && focusWasLost()) document.getElementById('login-password')?.focus();
  }, [error]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setSigningIn(true);
    try {
      // The store follows supabase-js's events; signIn applies the session now so a guarded `next` sees it at once.
      await signIn(email.trim(), password);
      navigate(next ?? '/', { replace: true });
    } catch (err) {
      setError(messageOf(err, 'Failed to sign in'));
      setSigningIn(false);
    }
  }

  return (
    <main className="page account-page">
      <section className="account-card account-narrow">
        <h1>Sign in</h1>
        {next && <p className="hint">Please sign in to continue.</p>}
        <form className="form account-form" onSubmit={submit} noValidate>
          <TextField id="login-email" label="E-mail" type="email" autoComplete="email" inputMode="email" required value={email} onValue={setEmail} />
          <PasswordField id="login-password" label="Password" autoComplete="current-password" required value={password} onValue={setPassword} />
          <div className="form-row checkbox-row login-extras">
            <input id="login-remember" type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
            <label htmlFor="login-remember">Remember me</label>
            <Link to="/forgot-password" className="forgot-link">
              Forgot password?
            </Link>
          </div>
          {error && <ErrorBox>{error}</ErrorBox>}
          <button type="submit" disabled={signingIn}>
            {signingIn ? 'Signing in...' : 'Sign in'}
          </button>
        </form>
        <p>
          New here? <Link to="/register">Create an account</Link>
        </p>
        <p>
          <Link to="/">← Back to home</Link>
        </p>
      </section>
    </main>
  );
}
