import { useAccount, useSignMessage } from '@portico/headless/react'
import { useState } from 'react'

/** Signs a message with the connected wallet through the headless useSignMessage hook. */
export function SignMessage() {
  const { isConnected } = useAccount()
  const { signMessage, signature, error, isPending } = useSignMessage()
  const [message, setMessage] = useState('Hello from Portico')
  return (
    <section className="card" aria-labelledby="sign-title">
      <h2 id="sign-title">Sign a message</h2>
      <div className="row">
        <input className="text" aria-label="Message" value={message} onChange={(e) => setMessage(e.target.value)} />
        <button
          type="button"
          className="btn primary"
          disabled={!isConnected || isPending}
          onClick={() => void signMessage(message).catch(() => undefined)}
          data-testid="portico-demo-sign"
        >
          {isPending ? 'Waiting for wallet…' : 'Sign message'}
        </button>
      </div>
      {!isConnected && <p className="muted">Connect a wallet first.</p>}
      {signature && (
        <p className="muted">
          Signature: <code data-testid="portico-demo-signature">{signature}</code>
        </p>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </section>
  )
}
