import { SplitBar } from '../../../components/SplitBar';
import { isVideo } from '../../../components/MediaView';
import { percent } from '../../../lib/format';
import { PlayIcon } from '../../../components/icons';
import { ConfidenceNote } from '../../../components/ConfidenceNote';
import type { LastVote } from '../hooks/use-rating';
import './results-panel.css';

/** Tallies of the item just rated: total votes, hot %, not % and the split bar. */
export function ResultsPanel({ last }: { last: LastVote | null }) {
  return (
    <section
      className={`results card${last ? '' : ' results--empty'}`}
      aria-labelledby="results-title"
      aria-live="polite"
    >
      <h2 id="results-title" className="results__title">
        Results
      </h2>
      {!last ? (
        <p className="results__placeholder">Vote to see what everyone else thinks.</p>
      ) : (
        <>
          <div className="results__voted">
            {/* what the stage just showed (already in the browser's cache): the preview or poster, never a video file */}
            {isVideo(last.item.mimeType) && !last.item.previewUrl ? (
              <span className="results__thumb results__thumb--tile" aria-hidden="true">
                <PlayIcon size={16} />
              </span>
            ) : (
              <img
                className="results__thumb"
                src={last.item.previewUrl ?? last.item.url}
                alt={isVideo(last.item.mimeType) ? 'The video you just rated' : 'The item you just rated'}
              />
            )}
            <p>
              You voted{' '}
              <strong className={last.isHot ? 'text-hot' : 'text-not'} data-testid="your-vote">
                {last.isHot ? 'Hot' : 'Not'}
              </strong>
            </p>
          </div>
          {last.result ? (
            <div className="results__body" data-testid="results">
              <dl className="results__numbers">
                <div>
                  <dt>Total votes</dt>
                  <dd data-testid="results-total">{last.result.totalVotes}</dd>
                </div>
                <div className="results__hot">
                  <dt>Hot</dt>
                  <dd data-testid="results-hot">{percent(last.result.hotPercentage)}%</dd>
                </div>
                <div className="results__not">
                  <dt>Not</dt>
                  <dd data-testid="results-not">{percent(last.result.notPercentage)}%</dd>
                </div>
              </dl>
              <SplitBar
                hot={last.result.hotPercentage}
                not={last.result.notPercentage}
                total={last.result.totalVotes}
              />
              <ConfidenceNote hot={last.result.hotVotes} total={last.result.totalVotes} />
            </div>
          ) : (
            <p className="results__placeholder">Counting votes…</p>
          )}
        </>
      )}
    </section>
  );
}
