import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react'
import * as styles from './Tabs.css'

export type TabItem = { id: string; label: string; content: ReactNode }

export type TabsProps = {
  /** Accessible name of the tab list. */
  label: string
  tabs: readonly TabItem[]
  /** Index of the selected tab. */
  selected: number
  onSelect: (index: number) => void
}

/** WAI-ARIA tabs: roving tabindex, Arrow keys / Home / End move and select. */
export function Tabs({ label, tabs, selected, onSelect }: TabsProps) {
  const base = useId()
  const refs = useRef<(HTMLButtonElement | null)[]>([])
  const current = Math.min(Math.max(0, selected), tabs.length - 1)
  const move = (e: KeyboardEvent) => {
    const last = tabs.length - 1
    const next = { ArrowRight: current + 1 > last ? 0 : current + 1, ArrowLeft: current - 1 < 0 ? last : current - 1, Home: 0, End: last }[
      e.key
    ]
    if (next === undefined) return
    e.preventDefault()
    onSelect(next)
    refs.current[next]?.focus()
  }
  const active = tabs[current]
  return (
    <div>
      <div role="tablist" aria-label={label} className={styles.list} onKeyDown={move}>
        {tabs.map((t, i) => (
          <button
            key={t.id}
            ref={(el) => {
              refs.current[i] = el
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${t.id}`}
            aria-selected={i === current}
            aria-controls={`${base}-panel-${t.id}`}
            tabIndex={i === current ? 0 : -1}
            className={styles.tab}
            onClick={() => onSelect(i)}
            data-testid={`portico-tab-${t.id}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      {active && (
        <div
          role="tabpanel"
          id={`${base}-panel-${active.id}`}
          aria-labelledby={`${base}-tab-${active.id}`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: WAI-ARIA APG tabs: the panel is a tab stop so content without a focusable element is reachable.
          tabIndex={0}
          className={styles.panel}
        >
          {active.content}
        </div>
      )}
    </div>
  )
}
