export {
  type CapturedMail,
  type MailFilter,
  type Mailbox,
  type StartMailboxOptions,
  startMailbox,
  type WaitForFilter,
} from './mailbox.ts'
export { escapeHtml, findCode, linkify } from './page.ts'
