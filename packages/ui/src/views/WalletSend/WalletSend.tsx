import { formatBalance, shortenAddress } from '@portico/headless'
import { useRouter, useSend } from '@portico/headless/react'
import { codeText } from '../../messages/codes'
import { useMessages } from '../../messages/context'
import { useNumberFormat } from '../../messages/numbers'
import { WalletSendView } from './WalletSendView'

/** A fee in whole native units, 6 decimals, in `locale`; a fee below that shows as '<0.000001', never as 0. */
export const feeText = (native: string, locale = 'en-US'): string => {
  const text = formatBalance(native, 6, locale)
  return Number(native) > 0 && !/[1-9]/.test(text) ? `<${formatBalance('0.000001', 6, locale)}` : text
}

/** WalletSend (issue 12): renders useSend's form; the token button opens the token list, the main button the review; 'Fund wallet' (insufficient funds, on-ramp on) opens OnRampProviders, 'Use another wallet' Connect. */
export function WalletSend() {
  const send = useSend()
  const router = useRouter()
  const messages = useMessages()
  const f = useNumberFormat()
  const { token, gas } = send
  return (
    <WalletSendView
      token={token && { symbol: token.symbol, iconUrl: token.iconUrl || undefined, balance: f.balance(token.quantity.numeric) }}
      onToken={() => router.push('WalletSendSelectToken')}
      amount={send.sendTokenAmount}
      onAmount={send.setAmount}
      onMax={token ? () => void send.setMax() : undefined}
      amountUsd={send.amountUsd === undefined ? undefined : f.usd(send.amountUsd)}
      receiver={send.receiverInput}
      onReceiver={send.setReceiver}
      resolving={send.resolving}
      receiverName={send.receiverProfileName}
      receiverImageUrl={send.receiverProfileImageUrl}
      receiverAddress={send.receiverProfileName && send.receiverAddress ? shortenAddress(send.receiverAddress) : undefined}
      fee={gas && { native: feeText(gas.native, f.locale), symbol: gas.symbol, ...(gas.usd === undefined ? {} : { usd: f.usd(gas.usd) }) }}
      feeLoading={send.gasLoading}
      button={send.button}
      onPreview={() => router.push('WalletSendPreview')}
      // headless offers it (button.fundWallet) only when the on-ramp flag is on: buy the token on the on-ramp.
      onFundWallet={() => router.push('OnRampProviders')}
      // Insufficient funds: the Connect view, to connect (or add) a wallet that holds them.
      onOtherWallet={() => router.push('Connect')}
      error={send.errorCode && codeText(send.errorCode, messages)}
    />
  )
}
