// The shape of a locale file: the English messages' shape with every text widened to `string` and
// every function kept with its parameters (returning a string). Keys are optional for the type (a
// missing one falls back to English at runtime, and messages.test.ts fails on it); an extra key is a
// type error (`satisfies Translation` checks excess properties).
import type { Messages } from '../messages'

export type Translation<T = Messages> = T extends (...args: infer A) => string
  ? (...args: A) => string
  : T extends string
    ? string
    : T extends readonly (infer E)[]
      ? readonly Translation<E>[]
      : { readonly [K in keyof T]?: Translation<T[K]> }
