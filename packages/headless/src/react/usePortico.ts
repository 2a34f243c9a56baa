import { useContext } from 'react'
import { ERRORS, PorticoError } from '../core/errors'
import type { Portico } from '../core/portico'
import { PorticoContext } from './PorticoContext'

/** The Portico instance of the nearest provider. Throws when there is none. */
export function usePortico(): Portico {
  const portico = useContext(PorticoContext)
  if (!portico) throw new PorticoError(ERRORS.missingProvider)
  return portico
}
