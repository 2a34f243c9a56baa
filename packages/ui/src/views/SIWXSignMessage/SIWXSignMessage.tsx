import { formatAuthName, shortenAddress } from '@portico/headless'
import { useAccount, useDisconnect, useSiwx } from '@portico/headless/react'
import { codeText } from '../../messages/codes'
import { useMessages } from '../../messages/context'
import { SIWXSignMessageView } from './SIWXSignMessageView'

/** SIWXSignMessage (issue 15): the sign-in prompt after a connect; renders useSiwx and the app's metadata. */
export function SIWXSignMessage() {
  const messages = useMessages()
  const { status, errorCode, required, app, signIn, cancel } = useSiwx()
  const { address = '', profileName, authName, socialProvider, profileImage } = useAccount()
  const { disconnect } = useDisconnect()
  return (
    <SIWXSignMessageView
      appName={app.name}
      appIcon={app.icon}
      address={address}
      profileImage={profileImage ?? undefined}
      // The name the rest of the modal shows (a name, an email or social account's name), else the address (issue 25 §1).
      shortAddress={profileName ?? (authName ? formatAuthName(authName, socialProvider) : address ? shortenAddress(address) : '')}
      state={status === 'signing' || status === 'checking' ? 'signing' : status === 'error' ? 'error' : 'idle'}
      error={codeText(errorCode, messages) || undefined}
      required={required}
      onSignIn={() => void signIn()}
      onCancel={() => void cancel()}
      onDisconnect={() => void disconnect()}
    />
  )
}
