import { LegalCheckbox } from '@portico/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, userEvent } from 'storybook/test'

const TERMS = 'https://example.com/terms'
const PRIVACY = 'https://example.com/privacy'

const meta = {
  title: 'Components/LegalCheckbox',
  component: LegalCheckbox,
  args: { checked: false, termsConditionsUrl: TERMS, privacyPolicyUrl: PRIVACY },
  // Clickable in Storybook: the story keeps its own checked state, starting from args.checked.
  render: function Stateful(args) {
    const [checked, setChecked] = useState(args.checked)
    return <LegalCheckbox {...args} checked={checked} onChange={setChecked} />
  },
} satisfies Meta<typeof LegalCheckbox>
export default meta
type Story = StoryObj<typeof meta>

export const Unchecked: Story = {}
export const Checked: Story = { args: { checked: true } }
export const TermsOnly: Story = { name: 'Terms link only', args: { privacyPolicyUrl: undefined } }

export const KeyboardFocus: Story = {
  name: 'Keyboard focus (light panel)',
  // Only one element can hold focus: Tab reaches the light panel's checkbox and shows its focus ring.
  play: async ({ canvas }) => {
    await userEvent.tab()
    const [first] = canvas.getAllByRole('checkbox', { name: 'I agree to our Terms of Service and Privacy Policy' })
    await expect(first).toHaveFocus()
  },
}
