import type { EmbeddedPasskey } from '@portico/headless'
import { usePasskeys } from '@portico/headless/react'
import { useMemo, useRef, useState } from 'react'
import { useMessages } from '../../messages/context'
import { useNumberFormat } from '../../messages/numbers'
import { type PasskeyRow, PasskeysWalletView } from './PasskeysWalletView'

/**
 * PasskeysWallet (issue 22 §2): the embedded account's passkeys (usePasskeys), their days in the locale shown.
 * Add is called in the click (the connector opens the passkey's window in it); each error is its code's text.
 */
export function PasskeysWallet() {
  const m = useMessages().passkeys
  const { locale } = useNumberFormat()
  const [notice, setNotice] = useState<string>()
  const names = useRef(new Map<string, string>())
  const passkeys = usePasskeys({
    onAdded: (p) => setNotice(m.addedNotice(p.name)),
    onRemoved: (id) => setNotice(m.removedNotice(names.current.get(id) ?? '')),
  })
  names.current = new Map(passkeys.passkeys.map((p) => [p.id, p.name]))

  const day = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }), [locale])
  const rows = useMemo(() => {
    const format = (iso: string) => {
      const at = Date.parse(iso)
      return Number.isNaN(at) ? iso : day.format(at)
    }
    return passkeys.passkeys.map(
      (p: EmbeddedPasskey): PasskeyRow => ({
        id: p.id,
        name: p.name,
        added: format(p.createdAt),
        ...(p.lastUsedAt ? { lastUsed: format(p.lastUsedAt) } : {}),
        synced: p.backedUp,
      }),
    )
  }, [passkeys.passkeys, day])

  const { errorCode } = passkeys
  return (
    <PasskeysWalletView
      phase={passkeys.phase}
      passkeys={rows}
      {...(passkeys.pending ? { pending: passkeys.pending } : {})}
      {...(passkeys.removingId ? { removingId: passkeys.removingId } : {})}
      {...(errorCode ? { error: m.errors[errorCode.code] } : {})}
      canRetry={errorCode !== undefined && errorCode.code !== 'lastPasskey'}
      {...(notice ? { notice } : {})}
      onAdd={(name) => {
        setNotice(undefined)
        passkeys.add(name)
      }}
      onRemove={(id) => {
        setNotice(undefined)
        passkeys.remove(id)
      }}
      onRetry={passkeys.retry}
    />
  )
}
