import { useSiwx } from '@portico/headless/react'

/** Sign in with the wallet (the page's ?siwx flag): the state from useSiwx, and its actions. Nothing without the flag. */
export function SiwxCard() {
  const { status, session, error, isSignedIn, signIn, signOut } = useSiwx()
  if (status === 'disabled') return null
  return (
    <section className="card" aria-labelledby="siwx-title">
      <h2 id="siwx-title">Sign in with the wallet</h2>
      <dl>
        <dt>Status</dt>
        <dd data-testid="portico-demo-siwx-status">{status}</dd>
        <dt>Session</dt>
        <dd data-testid="portico-demo-siwx-session">{session ? `${session.data.chainId} until ${session.expiresAt ?? '—'}` : '—'}</dd>
        {error && (
          <>
            <dt>Error</dt>
            <dd data-testid="portico-demo-siwx-error">{error}</dd>
          </>
        )}
      </dl>
      <div className="row" style={{ marginTop: 12 }}>
        {isSignedIn ? (
          <button type="button" className="btn" onClick={() => void signOut()} data-testid="portico-demo-siwx-signout">
            Sign out
          </button>
        ) : (
          <button
            type="button"
            className="btn primary"
            onClick={() => void signIn()}
            data-testid="portico-demo-siwx-signin"
            disabled={status === 'signing'}
          >
            Sign in
          </button>
        )}
      </div>
    </section>
  )
}
