// The connected modal: reads the instance's modal, router, theme and banner and renders the current
// view in the dialog shell. Loaded lazily by PorticoProvider on first open.
import { directionOf } from '@portico/headless'
import { useAccount, useBanner, useLegal, useLocale, useModal, useRouter } from '@portico/headless/react'
import { Fragment, useContext, useEffect, useId } from 'react'
import { Snackbar } from '../components/Banner/Banner'
import { Header } from '../components/Header/Header'
import { ButtonMessagesContext } from '../messages/buttons'
import { codeText } from '../messages/codes'
import { MessagesContext } from '../messages/context'
import { NumberFormatContext, numberFormatOf } from '../messages/numbers'
import { buttonTextsOf } from '../messages/locale'
import { useShownLocale } from '../messages/useShownLocale'
import { useThemeProps } from '../useThemeProps'
import { NetworksFooter } from '../views/Networks/NetworksView'
import { useLegalGate } from '../views/shared/useLegalGate'
import { useTitleNames } from '../views/shared/useTitleNames'
import { LegalFooter } from './LegalFooter'
import { ModalShell } from './ModalShell'
import { footerFor, LEGAL_CHECKBOX_VIEWS, titleFor, VIEWS } from './routes'

export type ModalRootProps = {
  /** Render in place (no portal or overlay) and regardless of the open state. @default false */
  inline?: boolean
}

export function ModalRoot({ inline = false }: ModalRootProps) {
  const { isOpen, isShaking, close } = useModal()
  const router = useRouter()
  const { isConnected } = useAccount()
  const banner = useBanner()
  const links = useLegal()
  const legalGate = useLegalGate()
  const theme = useThemeProps()
  const titleId = `portico-title-${useId().replace(/:/g, '')}`
  const titleNames = useTitleNames(router.entry)
  // The strings of this instance's locale (useLocale's, once its chunk is in), for the views below
  // (MessagesContext) and the instance's buttons.
  const shown = useShownLocale(useLocale().locale)
  const setButtonTexts = useContext(ButtonMessagesContext).set
  useEffect(() => {
    if (shown) setButtonTexts?.(buttonTextsOf(shown.messages, shown.locale))
  }, [setButtonTexts, shown])
  if ((!isOpen && !inline) || !shown) return null
  const messages = shown.messages

  const View = VIEWS[router.view]
  const canGoBack = router.history.length > 1 || (router.view === 'Connect' && isConnected)
  // Where the legal checkbox is shown, its sentence already names the links: no footer repeating them.
  const footerKind = legalGate.shown && LEGAL_CHECKBOX_VIEWS.includes(router.view) ? 'none' : footerFor(router.view)
  const footer =
    footerKind === 'legal' ? (
      links.termsConditionsUrl || links.privacyPolicyUrl ? (
        <LegalFooter termsConditionsUrl={links.termsConditionsUrl} privacyPolicyUrl={links.privacyPolicyUrl} />
      ) : undefined
    ) : footerKind === 'networks' ? (
      <NetworksFooter />
    ) : undefined

  return (
    <MessagesContext.Provider value={messages}>
      <NumberFormatContext.Provider value={numberFormatOf(shown.locale)}>
        <ModalShell
          labelledBy={titleId}
          onClose={close}
          shake={isShaking}
          inline={inline}
          viewKey={`${router.history.length}:${router.view}`}
          dir={directionOf(shown.locale)}
          lang={shown.locale}
          themeClassName={theme.className}
          themeStyle={theme.style}
          header={
            <Header
              title={titleFor(router.entry, titleNames, messages)}
              titleId={titleId}
              onBack={canGoBack ? router.goBack : undefined}
              onClose={close}
            />
          }
          footer={footer}
          overlayContent={
            banner.open && banner.message ? (
              <Snackbar
                variant={banner.variant}
                message={codeText(banner, messages, numberFormatOf(shown.locale))}
                onDismiss={banner.hide}
                dismissLabel={messages.header.dismiss}
              />
            ) : undefined
          }
        >
          <Fragment key={shown.locale}>
            {View ? <View /> : <p style={{ margin: '8px 0 16px', textAlign: 'center' }}>{messages.unavailableView}</p>}
          </Fragment>
        </ModalShell>
      </NumberFormatContext.Provider>
    </MessagesContext.Provider>
  )
}

export default ModalRoot
