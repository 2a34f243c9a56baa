// Runs in the dom-react18 project only: the whole tree — the tests, the packages' source and the
// dependencies Node loads (@testing-library/react, @nanostores/react) — is on one React 18.
import { render, screen } from '@testing-library/react'
import { useStore } from '@nanostores/react'
import { atom, type ReadableAtom } from 'nanostores'
import { useState, version } from 'react'
import { version as domVersion } from 'react-dom'
import { describe, expect, it } from 'vitest'

function Counter({ $count }: { $count: ReadableAtom<number> }) {
  const count = useStore($count)
  const [label] = useState('count')
  return <p>{`${label} ${count}`}</p>
}

describe('dom-react18', () => {
  it('runs on React 18.3.1 and react-dom 18.3.1', () => {
    expect(version).toBe('18.3.1')
    expect(domVersion).toBe('18.3.1')
  })

  it('renders hooks from this file and from a dependency with that one React (two copies would throw on the hook calls)', () => {
    render(<Counter $count={atom(3)} />)
    expect(screen.getByText('count 3')).toBeTruthy()
  })
})
