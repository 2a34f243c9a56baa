/** Below this width the dialog is a bottom sheet (shared by the styles and the sizing code). */
export const NARROW = 'screen and (max-width: 430px)'
