import { useSwitchNetwork } from '@portico/headless/react'
import { codeText } from '../../messages/codes'
import { useMessages } from '../../messages/context'
import { useNetworkImageUrl } from '../shared/NetworkImage'
import { SwitchNetworkView } from './SwitchNetworkView'

export function SwitchNetwork() {
  const messages = useMessages()
  const { network, phase, errorCode, retry } = useSwitchNetwork()
  const imageOf = useNetworkImageUrl()
  if (!network) return null
  return (
    <SwitchNetworkView
      network={{ name: network.name, caipNetworkId: network.caipNetworkId, imageUrl: imageOf(network) }}
      state={phase === 'error' ? 'error' : 'waiting'}
      error={phase === 'error' ? codeText(errorCode, messages) || messages.switchNetwork.failedHint : undefined}
      onRetry={retry}
    />
  )
}
