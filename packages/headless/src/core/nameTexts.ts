// The name rules' limits and texts (SPEC §5): a module of its own, so that the text-to-code helpers
// (core/codes.ts, which the hooks load) carry these constants without the names flow's rules. Outside
// core/names/: that folder is the lazy names flow, never in an app's first load (scripts/size.mjs checks).

/** SPEC §5: a name has at least this many characters. */
export const NAME_MIN_LENGTH = 4
/** The longest label the names service takes (one DNS label). */
export const NAME_MAX_LENGTH = 63

/** The texts of the rules a wanted name breaks (nameRuleError). */
export const NAME_RULE_ERRORS = {
  tooShort: `Name must be at least ${NAME_MIN_LENGTH} characters`,
  tooLong: `Name must be at most ${NAME_MAX_LENGTH} characters`,
  chars: 'Name may only contain letters, digits and hyphens',
} as const
