import type { LabelDisplayedRowsArgs } from '@mui/material';
import { useListContext } from 'react-admin';

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

/** A total the API only estimated (a filter matching more than 10,000 rows): "about 1.2M". */
const aboutTotal = (n: number): string => `about ${compact.format(n)}`;

/** MUI TablePagination's labelDisplayedRows, which react-admin's Pagination passes on. */
type RangeLabel = (range: LabelDisplayedRowsArgs) => string;

/**
 * The pagination's "1-24 of …" for the current list: react-admin's own (undefined) when the total
 * is exact, "1-24 of about 1.2M" when the data provider flagged it as an estimate
 * (meta.totalEstimated, from the API's X-Total-Estimated header).
 */
export function useEstimatedRangeLabel(): RangeLabel | undefined {
  const { meta } = useListContext();
  if (!(meta as { totalEstimated?: boolean } | undefined)?.totalEstimated) return undefined;
  return ({ from, to, count }) => `${from}-${to} of ${aboutTotal(count)}`;
}
