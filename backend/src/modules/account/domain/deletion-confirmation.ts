/**
 * The confirmation a deletion asks for: the account's username typed out. Compared exactly (the
 * case too: it is what the Profile shows), outer spaces aside. Answers why it does not match, or
 * null when it does.
 */
export function confirmationProblem(typed: string, username: string): string | null {
  const t = typed.trim();
  if (!t) return 'Type your username to confirm the deletion';
  if (t !== username) return 'The username you typed does not match this account';
  return null;
}

/** Uploads per step: their files are deleted first (a storage call each), then their rows in one statement. */
export const UPLOADS_PER_STEP = 25;
/** Votes (and views) per step: one statement each, with the tallies they fed. */
export const VOTES_PER_STEP = 500;

/** The progress bar: uploads weigh more than votes (files to delete), so the bar moves evenly. */
export function deletionPercent(done: { uploads: number; votes: number }, total: { uploads: number; votes: number }) {
  const whole = total.uploads * 10 + total.votes;
  return whole ? Math.min(100, (100 * (done.uploads * 10 + done.votes)) / whole) : 100;
}
