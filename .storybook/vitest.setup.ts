// Setup for the "storybook" vitest project: after each story renders (and its play function ran),
// the page must have no axe violations and must match its reference screenshot
// (__screenshots__/<stories file>/<storyId>-chromium-linux.png, seeded with `vitest run -u`).
import axe from 'axe-core'
import { afterEach, expect } from 'vitest'
import { page } from 'vitest/browser'

afterEach(async ({ task }) => {
  const storyId = (task.meta as { storyId?: string }).storyId
  if (!storyId || task.result?.state === 'fail') return
  const results = await axe.run(document.body, { resultTypes: ['violations'] })
  const violations = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
  expect(violations, `axe violations in ${storyId}`).toEqual([])
  await expect.element(page.elementLocator(document.body)).toMatchScreenshot(storyId)
})
