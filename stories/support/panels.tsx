import { expect, waitFor, within } from 'storybook/test'
// Every story renders twice, side by side: once in the light theme and once in the dark theme. Fixtures
// read the panel's mode from PanelModeContext so each panel can build its own Portico instance.
import { darkValues, lightValues, type ThemeMode, themeProps } from '@portico/ui'
import { createContext, type ReactNode, useContext } from 'react'

export const PanelModeContext = createContext<ThemeMode>('light')
export const usePanelMode = () => useContext(PanelModeContext)

// Screenshots must be deterministic: no animations, transitions or blinking carets.
const FREEZE = `*, *::before, *::after { animation: none !important; transition: none !important; caret-color: transparent !important; }
body { margin: 0; }`

/** Turns off animations and transitions for deterministic screenshots. */
export function FreezeMotion() {
  return <style>{FREEZE}</style>
}

function Panel({ mode, children }: { mode: ThemeMode; children: ReactNode }) {
  const theme = themeProps(mode, {})
  const values = mode === 'dark' ? darkValues : lightValues
  return (
    <section
      aria-label={mode === 'dark' ? 'Dark theme' : 'Light theme'}
      className={theme.className}
      data-portico-theme={mode}
      style={{
        flex: '1 1 0',
        minWidth: 0,
        padding: 24,
        display: 'flex',
        justifyContent: 'center',
        alignItems: 'flex-start',
        background: mode === 'dark' ? '#0e0f13' : '#eef0f4',
        color: values.color.foreground,
      }}
    >
      <PanelModeContext.Provider value={mode}>
        <div style={{ width: 370, maxWidth: '100%', display: 'flex', flexDirection: 'column', gap: 12 }}>{children}</div>
      </PanelModeContext.Provider>
    </section>
  )
}

export function LightAndDark({ children }: { children: () => ReactNode }) {
  return (
    // Side by side: the preview is wide enough for two 370 px modals, and a screenshot of content
    // below the fold would be clipped by Storybook's scrolling root.
    <main style={{ display: 'flex', minHeight: '100vh', boxSizing: 'border-box' }}>
      <style>{FREEZE}</style>
      <Panel mode="light">{children()}</Panel>
      <Panel mode="dark">{children()}</Panel>
    </main>
  )
}

/** A story's play: every panel (or the sheet) shows `testId`, and `text` in each when given. */
export const shows = (testId: string, text?: string) => async () => {
  await waitFor(async () => {
    const shown = await within(document.body).findAllByTestId(testId)
    if (text) await expect(shown.map((el) => el.textContent?.includes(text))).toEqual(shown.map(() => true))
  })
}
