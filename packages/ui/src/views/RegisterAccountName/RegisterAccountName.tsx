import { useNames } from '@portico/headless/react'
import { useEffect, useRef } from 'react'
import { RegisterAccountNameView } from './RegisterAccountNameView'

/**
 * RegisterAccountName (SPEC §4 "Name registration"): renders useNames. Register runs headless's
 * registerInModal (sign, register, then RegisterAccountNameSuccess; a failure or a refusal stays here
 * with the error). The form starts empty each time the view is shown.
 */
export function RegisterAccountName() {
  const names = useNames()
  const reset = useRef(names.reset)
  reset.current = names.reset
  useEffect(() => () => reset.current(), [])
  return (
    <RegisterAccountNameView
      input={names.input}
      zone={names.zone}
      ruleError={names.ruleError}
      checking={names.checking}
      available={names.available}
      suggestions={names.suggestions}
      error={names.error}
      signing={names.signing}
      registering={names.registering}
      canRegister={names.canRegister}
      onChange={names.setName}
      onSuggestion={names.chooseSuggestion}
      onRegister={() => void names.registerInModal()}
    />
  )
}
