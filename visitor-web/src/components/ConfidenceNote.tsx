import { confidenceText, hotConfidence } from '@vibe/contract/confidence';
import './confidence-note.css';

/**
 * The hint under a hot percentage: how sure it is (Wilson 95 % range), flagged while there are
 * few votes. Nothing without votes: the split bar already says "No votes yet".
 */
export function ConfidenceNote({ hot, total, className = '' }: { hot: number; total: number; className?: string }) {
  const c = hotConfidence(hot, total);
  const text = confidenceText(c);
  if (!c || !text) return null;
  return (
    <p
      className={`confidence-note${c.few ? ' confidence-note--few' : ''} ${className}`.trim()}
      data-testid="confidence-note"
      title="The range the true Hot share is 95% likely to be in, from the votes so far"
    >
      {text}
    </p>
  );
}
