import type { Preview } from '@storybook/react-vite'

const preview: Preview = {
  parameters: { layout: 'centered' },
}
export default preview
