import type { Preview } from '@storybook/react-vite'
import { LightAndDark } from '../stories/support/panels'

const preview: Preview = {
  // The Docs section (the guides of docs/) first, so Storybook opens on its Introduction.
  parameters: { layout: 'fullscreen', options: { storySort: { order: ['Docs', '*'] } } },
  // Stories render in a light and a dark panel side by side, unless they opt out with
  // `parameters: { panels: false }` (full-page stories such as the overlay modal).
  decorators: [(Story, { parameters }) => (parameters.panels === false ? <Story /> : <LightAndDark>{() => <Story />}</LightAndDark>)],
}
export default preview
