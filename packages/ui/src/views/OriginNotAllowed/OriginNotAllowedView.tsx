import { Icon } from '../../components/Icon/icons'
import { useMessages } from '../../messages/context'
import * as email from '../EmailLogin/EmailLogin.css'
import * as shared from '../shared/views.css'

/**
 * OriginNotAllowed (SPEC §8): the page's origin is not on the project's allowed list. Shown in place
 * of every other view (no connect methods); the console error tells the site's developer which origin
 * and the fix.
 */
export function OriginNotAllowedView() {
  const messages = useMessages()
  const m = messages.originNotAllowed
  return (
    <div className={shared.centered} data-testid="portico-origin-not-allowed">
      <span className={email.stage} aria-hidden="true">
        <Icon name="shield" size={32} />
        <span className={[shared.badge, shared.badgeError].join(' ')}>
          <Icon name="close" size={14} />
        </span>
      </span>
      <div role="alert" className={email.text}>
        <p className={shared.heading}>{m.heading}</p>
        <p className={[shared.muted, email.wrapAnywhere].join(' ')}>{m.hint}</p>
      </div>
    </div>
  )
}
