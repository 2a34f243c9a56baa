import { shortenAddress } from '@portico/headless'
import { useRouter, useSend } from '@portico/headless/react'
import { useState } from 'react'
import { useNumberFormat } from '../../messages/numbers'
import { WalletSendSuccessView } from './WalletSendSuccessView'

/** WalletSendSuccess (issue 12): useSend's last send — its hash (Copy), what went to whom, the explorer link; Done returns to Account. */
export function WalletSendSuccess() {
  const { hash, sent, explorerUrl } = useSend()
  const router = useRouter()
  const f = useNumberFormat()
  const [copied, setCopied] = useState(false)
  return (
    <WalletSendSuccessView
      hash={hash ?? ''}
      shortHash={hash ? shortenAddress(hash, 8, 8) : ''}
      amount={sent?.amount}
      symbol={sent?.symbol}
      usd={sent?.usd === undefined ? undefined : f.usd(sent.usd)}
      to={sent && shortenAddress(sent.to)}
      toFull={sent?.to}
      toName={sent?.receiverProfileName}
      toImageUrl={sent?.receiverProfileImageUrl}
      explorerUrl={explorerUrl}
      copied={copied}
      onCopy={() => {
        if (!hash) return
        void globalThis.navigator?.clipboard
          ?.writeText(hash)
          .then(() => setCopied(true))
          .catch(() => undefined)
      }}
      onDone={() => router.reset('Account')}
    />
  )
}
