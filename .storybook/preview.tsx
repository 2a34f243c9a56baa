import type { Preview } from '@storybook/react-vite'
import { LightAndDark } from '../stories/support/panels'

const preview: Preview = {
  parameters: { layout: 'fullscreen' },
  decorators: [(Story) => <LightAndDark>{() => <Story />}</LightAndDark>],
}
export default preview
