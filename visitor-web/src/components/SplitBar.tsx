import { percent } from '../lib/format';
import './split-bar.css';

/** Hot vs Not split: warm on the left, cool on the right. */
export function SplitBar({
  hot,
  not,
  total,
  size = 'md',
}: {
  hot: number;
  not: number;
  total: number;
  size?: 'sm' | 'md';
}) {
  const h = percent(hot);
  const n = percent(not);
  const empty = total <= 0;
  return (
    <div
      className={`split-bar split-bar--${size}${empty ? ' split-bar--empty' : ''}`}
      role="img"
      aria-label={empty ? 'No votes yet' : `${h}% Hot, ${n}% Not`}
    >
      {!empty && (
        <>
          <span className="split-bar__hot" style={{ width: `${h}%` }} />
          <span className="split-bar__not" style={{ width: `${n}%` }} />
        </>
      )}
    </div>
  );
}
