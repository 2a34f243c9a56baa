import { useAccount as usePorticoAccount, useNetwork } from '@portico/headless/react'
import { ConnectButton } from '@portico/ui'
import { useEffect } from 'react'
import { parseEther } from 'viem'
import * as wagmi from 'wagmi'
import { useConnect, useDisconnect, useSendTransaction, useSwitchChain, useWaitForTransactionReceipt } from 'wagmi'
import { AMOUNT, RECIPIENT } from './constants'

// This app runs on wagmi 3 and on wagmi 2 (its e2e journey builds both): wagmi 3's useConnection is
// wagmi 2's useAccount (wagmi 3 keeps useAccount as its deprecated alias).
const useConnection = (wagmi as Partial<typeof wagmi>).useConnection ?? wagmi.useAccount

const text = (error: Error | null) => (error ? ((error as { shortMessage?: string }).shortMessage ?? error.message) : '')

/** wagmi's side: its hooks only. */
function WagmiSide() {
  const { address, chainId, status } = useConnection()
  const { connect, connectors, error: connectError } = useConnect()
  const { disconnect } = useDisconnect()
  const { switchChain, chains, error: switchError } = useSwitchChain()
  const { sendTransaction, data: hash, error: sendError, isPending } = useSendTransaction()
  const receipt = useWaitForTransactionReceipt({ hash, pollingInterval: 100 })
  const connector = connectors[0]
  return (
    <section aria-label="wagmi">
      <h2>wagmi</h2>
      <dl>
        <dt>Version</dt>
        <dd data-testid="wagmi-version">{wagmi.version}</dd>
        <dt>Status</dt>
        <dd data-testid="wagmi-status">{status}</dd>
        <dt>Address</dt>
        <dd data-testid="wagmi-address">{address ?? '—'}</dd>
        <dt>Chain</dt>
        <dd data-testid="wagmi-chain">{chainId ?? '—'}</dd>
      </dl>
      <button
        type="button"
        data-testid="wagmi-connect"
        disabled={!connector || status === 'connected'}
        onClick={() => connector && connect({ connector })}
      >
        Connect with wagmi
      </button>
      {chains.map((c) => (
        <button key={c.id} type="button" data-testid={`wagmi-switch-${c.id}`} onClick={() => switchChain({ chainId: c.id })}>
          Switch to {c.name} with wagmi
        </button>
      ))}
      <button
        type="button"
        data-testid="wagmi-send"
        disabled={status !== 'connected' || isPending}
        onClick={() => sendTransaction({ to: RECIPIENT, value: parseEther(AMOUNT) })}
      >
        Send {AMOUNT} ETH with wagmi
      </button>
      <button type="button" data-testid="wagmi-disconnect" disabled={status !== 'connected'} onClick={() => disconnect()}>
        Disconnect with wagmi
      </button>
      <dl>
        <dt>Transaction</dt>
        <dd data-testid="wagmi-tx-hash">{hash ?? '—'}</dd>
        <dt>Receipt</dt>
        <dd data-testid="wagmi-tx-status">{receipt.data?.status ?? '—'}</dd>
        <dt>Error</dt>
        <dd data-testid="wagmi-error">{text(connectError ?? switchError ?? sendError)}</dd>
      </dl>
    </section>
  )
}

/** Portico's side: its headless hooks. */
function PorticoSide() {
  const { address, caipAddress, status } = usePorticoAccount({ namespace: 'eip155' })
  const { network } = useNetwork()
  const chainId = caipAddress ? caipAddress.split(':')[1] : undefined
  return (
    <section aria-label="Portico">
      <h2>Portico</h2>
      <dl>
        <dt>Status</dt>
        <dd data-testid="portico-status">{status}</dd>
        <dt>Address</dt>
        <dd data-testid="portico-address">{caipAddress ? address : '—'}</dd>
        <dt>Chain</dt>
        <dd data-testid="portico-chain">{chainId ?? '—'}</dd>
        <dt>Selected network</dt>
        <dd data-testid="portico-network">{network ? network.caipNetworkId : '—'}</dd>
      </dl>
    </section>
  )
}

declare global {
  interface Window {
    /** Every distinct pair of views this page rendered, oldest first (the e2e journey checks them). */
    __wagmiPorticoRenders?: { wagmi: string; portico: string }[]
  }
}

/** Records what both sides showed at each render, to find any moment they disagreed. */
function RenderLog() {
  const w = useConnection()
  const p = usePorticoAccount({ namespace: 'eip155' })
  const wagmi = `${w.status}|${w.address ?? ''}|${w.chainId ?? ''}`
  const chainId = p.caipAddress ? p.caipAddress.split(':')[1] : ''
  const portico = `${p.status}|${p.caipAddress ? p.address : ''}|${chainId}`
  useEffect(() => {
    window.__wagmiPorticoRenders ??= []
    const log = window.__wagmiPorticoRenders
    const last = log.at(-1)
    if (last?.wagmi !== wagmi || last?.portico !== portico) log.push({ wagmi, portico })
  }, [wagmi, portico])
  return null
}

export function App() {
  return (
    <main>
      <h1>wagmi + Portico</h1>
      <ConnectButton />
      <WagmiSide />
      <PorticoSide />
      <RenderLog />
    </main>
  )
}
