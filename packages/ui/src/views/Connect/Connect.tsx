import type { SocialProvider, WalletListEntry } from '@portico/headless'
import { useConnect, useFeatures, usePasskeyLogin, useRouter, useSocialLogin, useWalletList } from '@portico/headless/react'
import type { Messages } from '../../messages'
import { codeText } from '../../messages/codes'
import { useMessages } from '../../messages/context'
import { useLegalGate } from '../shared/useLegalGate'
import { ConnectView, type WalletEntry } from './ConnectView'

/** Headless list entries as rows: the tag kinds become the messages' words. */
export const toWalletEntries = (entries: readonly WalletListEntry[], messages: Messages): WalletEntry[] =>
  entries.map((e) => ({
    id: e.id,
    name: e.name,
    imageUrl: e.imageUrl,
    tag: e.tag === 'installed' ? messages.connect.installed : e.tag === 'recent' ? messages.connect.recent : undefined,
  }))

export function Connect() {
  const messages = useMessages()
  const { connectors, methodsOrder } = useConnect()
  const { features } = useFeatures()
  const list = useWalletList()
  const router = useRouter()
  const legal = useLegalGate()
  const social = useSocialLogin()
  const auth = connectors.find((c) => c.type === 'auth')
  const socials = auth && features.socials ? features.socials : []
  const passkey = usePasskeyLogin()
  const passkeys = Boolean(auth && features.passkeys)
  return (
    <ConnectView
      methodsOrder={methodsOrder}
      wallets={toWalletEntries(list.entries, messages)}
      email={Boolean(auth && features.email)}
      socials={socials}
      legal={legal.checkbox}
      locked={legal.locked}
      onEmail={(email) => {
        if (!legal.locked) router.push('EmailLogin', { email })
      }}
      onSocial={(provider) => {
        if (!auth || legal.locked) return
        if (provider === 'farcaster') router.push('ConnectingFarcaster')
        else {
          // In the click: the connector opens the provider's popup now (a later window is blocked).
          social.start(provider as SocialProvider)
          router.push('ConnectingExternal', { connectorId: auth.id, socialProvider: provider } as { connectorId: string })
        }
      }}
      onWallet={list.select}
      onAllWallets={() => {
        if (!legal.locked) router.push('AllWallets')
      }}
      allWalletsCount={list.total}
      // No explorer (no apiUrl): every connector is a row, and there is no full list to open.
      allWallets={list.explorer}
      maxWallets={list.explorer ? undefined : list.entries.length}
      connecting={list.connecting}
      error={codeText(list.errorCode, messages) || null}
      onRetry={list.retry}
      loadingWallets={list.loading}
      listError={codeText(list.listErrorCode, messages) || null}
      onRetryList={list.retryList}
      onWhatIsAWallet={() => router.push('WhatIsAWallet')}
      passkey={
        passkeys
          ? {
              // In the click: for a new passkey the connector opens its window now (a later one is blocked).
              onSignIn: () => {
                if (!legal.locked) passkey.start('sign-in')
              },
              onSignUp: () => {
                if (!legal.locked) passkey.start('sign-up')
              },
              ...(passkey.step === 'waiting' && passkey.mode ? { busy: passkey.mode } : {}),
              ...(passkey.step === 'error' ? { error: codeText(passkey.errorCode, messages) } : {}),
            }
          : undefined
      }
    />
  )
}
