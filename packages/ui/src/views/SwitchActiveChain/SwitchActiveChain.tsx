import type { ChainNamespace } from '@portico/headless'
import { useSwitchActiveChain } from '@portico/headless/react'
import type { Messages } from '../../messages'
import { codeText } from '../../messages/codes'
import { useMessages } from '../../messages/context'
import { useNetworkImageUrl } from '../shared/NetworkImage'
import { SwitchActiveChainView } from './SwitchActiveChainView'

export const namespaceName = (ns: ChainNamespace, messages: Messages): string => messages.namespaces[ns] ?? ns

export function SwitchActiveChain() {
  const messages = useMessages()
  const s = useSwitchActiveChain()
  const imageOf = useNetworkImageUrl()
  if (!s.namespace) return null
  const network = s.network
  return (
    <SwitchActiveChainView
      namespaceName={namespaceName(s.namespace, messages)}
      network={network && { name: network.name, caipNetworkId: network.caipNetworkId, imageUrl: imageOf(network) }}
      busy={s.busy}
      error={codeText(s.errorCode, messages) || null}
      onCancel={s.cancel}
      onContinue={s.continue}
    />
  )
}
