import type { StorybookConfig } from '@storybook/react-vite'
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import { workspaceSource } from '../scripts/source-condition.ts'

const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: ['../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-vitest'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  async viteFinal(config) {
    // Stories render the packages' source (no build needed), like the tests.
    config.plugins = [workspaceSource(), ...(config.plugins ?? []), vanillaExtractPlugin()]
    return config
  },
}
export default config
