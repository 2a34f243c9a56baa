import { useNames } from '@portico/headless/react'
import { useEffect, useRef } from 'react'
import { codeText } from '../../messages/codes'
import { useMessages } from '../../messages/context'
import { RegisterAccountNameView } from './RegisterAccountNameView'

/**
 * RegisterAccountName (SPEC §4 "Name registration"): renders useNames. Register runs headless's
 * registerInModal (sign, register, then RegisterAccountNameSuccess; a failure or a refusal stays here
 * with the error). The form starts empty each time the view is shown.
 */
export function RegisterAccountName() {
  const messages = useMessages()
  const names = useNames()
  const reset = useRef(names.reset)
  reset.current = names.reset
  useEffect(() => () => reset.current(), [])
  return (
    <RegisterAccountNameView
      input={names.input}
      zone={names.zone}
      ruleError={codeText(names.ruleErrorCode, messages) || null}
      checking={names.checking}
      available={names.available}
      suggestions={names.suggestions}
      error={codeText(names.errorCode, messages) || null}
      signing={names.signing}
      registering={names.registering}
      canRegister={names.canRegister}
      onChange={names.setName}
      onSuggestion={names.chooseSuggestion}
      onRegister={() => void names.registerInModal()}
    />
  )
}
