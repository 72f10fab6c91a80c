import { AlertIcon } from '../../../components/icons';
import './under-review-badge.css';

/** Shown on the owner's own card while reports keep the item out of the random pick. */
export function UnderReviewBadge() {
  return (
    <span
      className="badge under-review"
      data-testid="under-review"
      title="Visitors reported this item. It is hidden from rating until a moderator reviews it."
    >
      <AlertIcon size={13} /> Under review
    </span>
  );
}
