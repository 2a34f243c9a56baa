import type { TokenBalance } from '@portico/headless'
import { useRouter, useSend } from '@portico/headless/react'
import { useState } from 'react'
import { useNumberFormat } from '../../messages/numbers'
import { WalletSendSelectTokenView } from './WalletSendSelectTokenView'

const idOf = (t: Pick<TokenBalance, 'chainId' | 'address'>): string => `${t.chainId}|${t.address ?? 'native'}`

/** WalletSendSelectToken (issue 12): useSend's tokens with a balance, searched by useSend; a choice sets the token and goes back. */
export function WalletSendSelectToken() {
  const send = useSend()
  const router = useRouter()
  const f = useNumberFormat()
  const [query, setQuery] = useState('')
  const found = send.searchTokens(query)
  return (
    <WalletSendSelectTokenView
      tokens={found.map((t) => ({
        id: idOf(t),
        name: t.name,
        symbol: t.symbol,
        iconUrl: t.iconUrl || undefined,
        balance: f.balance(t.quantity.numeric),
        value: f.usd(t.value),
      }))}
      query={query}
      onQuery={setQuery}
      currentId={send.token && idOf(send.token)}
      onSelect={(id) => {
        const token = found.find((t) => idOf(t) === id)
        if (!token) return
        send.setToken(token)
        router.goBack()
      }}
    />
  )
}
