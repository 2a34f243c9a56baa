// Test helper: testing-library's automatic cleanup needs vitest globals, which this repo does not
// enable, so test files import this module to unmount after each test.
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

afterEach(() => {
  cleanup()
})
