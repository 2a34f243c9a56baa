import { useRouter } from '@portico/headless/react'
import { RegisterAccountNameSuccessView } from './RegisterAccountNameSuccessView'

/** RegisterAccountNameSuccess (SPEC §4): the name from the route's data; Done starts Account afresh. */
export function RegisterAccountNameSuccess() {
  const { entry, reset } = useRouter()
  const name = entry.view === 'RegisterAccountNameSuccess' ? entry.data.name : ''
  return <RegisterAccountNameSuccessView name={name} onDone={() => reset('Account')} />
}
