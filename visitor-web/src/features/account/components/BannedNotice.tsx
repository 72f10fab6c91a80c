import { AlertIcon } from '../../../components/icons';
import { useSession } from '../../../lib/session';
import './BannedNotice.css';

/** The server's own words for a ban (403 `banned` answers the same), shown before the visitor tries. */
export const BANNED_TEXT =
  'Your account has been banned: you can still browse, but you can no longer upload, vote or report.';

export function BannedNotice() {
  const { user } = useSession();
  if (!user?.banned) return null;
  return (
    <p className="notice notice--banned" role="status" data-testid="banned-notice">
      <AlertIcon size={16} />
      <span className="notice__text">{BANNED_TEXT}</span>
    </p>
  );
}
