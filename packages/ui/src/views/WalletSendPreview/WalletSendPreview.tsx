import { shortenAddress } from '@portico/headless'
import { useNetwork, useRouter, useSend } from '@portico/headless/react'
import { useEffect, useRef, useState } from 'react'
import { useNumberFormat } from '../../messages/numbers'
import { useNetworkImageUrl } from '../shared/NetworkImage'
import { feeText } from '../WalletSend/WalletSend'
import { WalletSendPreviewView, type WalletSendPreviewViewProps } from './WalletSendPreviewView'

type Shown = Omit<WalletSendPreviewViewProps, 'sending' | 'simulating' | 'onCancel' | 'onSend'>

/**
 * WalletSendPreview (issue 12): the review of useSend's form. Send goes through the transaction
 * stack (SPEC §2): success replaces this view with WalletSendSuccess; a failure or a refusal goes
 * back to the form, which keeps its values and shows the error. Cancel goes back to the form.
 */
export function WalletSendPreview() {
  const send = useSend()
  const router = useRouter()
  const { network } = useNetwork()
  const imageOf = useNetworkImageUrl()
  const f = useNumberFormat()
  const [asking, setAsking] = useState(false)
  const { token, gas, receiverAddress } = send
  // The review simulates the send once it shows (issue 23 §2), before the wallet is asked.
  const { simulate } = send
  useEffect(() => {
    void simulate()
  }, [simulate])
  // What is shown stays while the send settles (headless resets the form before the success view replaces this one).
  const last = useRef<Shown | undefined>(undefined)
  if (token && receiverAddress) {
    last.current = {
      amount: send.sendTokenAmount,
      symbol: token.symbol,
      iconUrl: token.iconUrl || undefined,
      usd: send.amountUsd === undefined ? undefined : f.usd(send.amountUsd),
      to: shortenAddress(receiverAddress),
      toFull: receiverAddress,
      toName: send.receiverProfileName,
      toImageUrl: send.receiverProfileImageUrl,
      network: network && { name: network.name, caipNetworkId: network.caipNetworkId, imageUrl: imageOf(network) },
      simulation: send.simulation,
      iconOf: (asset: string) =>
        send.tokenBalances.find(
          (t) => t.chainId === token.chainId && (asset === 'native' ? !t.address : t.address?.toLowerCase().endsWith(asset.toLowerCase())),
        )?.iconUrl || undefined,
      fee: gas && { native: feeText(gas.native, f.locale), symbol: gas.symbol, ...(gas.usd === undefined ? {} : { usd: f.usd(gas.usd) }) },
    }
  }
  const shown = last.current ?? { amount: send.sendTokenAmount, symbol: '', to: '' }
  const sending = asking || send.loading
  const onSend = () => {
    if (sending) return
    setAsking(true)
    router.pushTransactionStack({ goBack: true, onSuccess: () => router.replace('WalletSendSuccess') })
    send.send().then(
      () => router.popTransactionStack('success'),
      // headless keeps the form and its error: back to it.
      () => {
        setAsking(false)
        router.popTransactionStack('error')
      },
    )
  }
  return (
    <WalletSendPreviewView {...shown} simulating={send.simulating} sending={sending} onCancel={() => router.goBack()} onSend={onSend} />
  )
}
