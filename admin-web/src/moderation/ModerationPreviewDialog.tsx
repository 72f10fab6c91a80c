import type { ReactNode } from 'react';
import { formatDateTime, formatNumber } from '../lib/format';
import { REASON_LABELS } from '../lib/trust-texts';
import { PreviewDialog } from '../components/PreviewDialog';
import { previewUrlOf } from '../components/MediaThumb';
import type { ModerationItem } from '../api/types';
import { DecisionButtons, sortedReasons, statusLabel, type ItemActions } from './ModerationItem';

interface Props extends Omit<ItemActions, 'onPreview'> {
  item: ModerationItem | null;
  onClose: () => void;
  pending?: boolean;
}

/** The reported image at full size, or the video playing, with every report detail and the decisions. */
export function ModerationPreviewDialog({ item, onClose, pending, ...actions }: Props) {
  return (
    <PreviewDialog
      item={item && { url: previewUrlOf(item), mimeType: item.mimeType, name: item.originalName }}
      detailsLabel="Report details"
      details={item ? details(item) : []}
      actions={item?.status === 'open' && <DecisionButtons item={item} pending={pending} {...actions} />}
      onClose={onClose}
    />
  );
}

function details(item: ModerationItem): [string, ReactNode][] {
  const rows: [string, ReactNode][] = [
    ['Uploader', `${item.uploaderName} (ID ${item.uploaderId})`],
    ['Reports', formatNumber(item.reports)],
    [
      'Reasons',
      sortedReasons(item)
        .map(([r, n]) => `${REASON_LABELS[r] ?? r} ${formatNumber(n)}`)
        .join(' · '),
    ],
  ];
  if (item.notes.length) {
    rows.push(['Notes', item.notes.map((n, i) => <div key={i}>“{n}”</div>)]);
  }
  rows.push(
    ['Status', `${statusLabel(item)}${item.hidden ? ' · hidden from the pick' : ''}`],
    ['First report', formatDateTime(item.firstReportedAt)],
    ['Last report', formatDateTime(item.lastReportedAt)],
  );
  if (item.decidedAt) rows.push(['Decided', formatDateTime(item.decidedAt)]);
  return rows;
}
