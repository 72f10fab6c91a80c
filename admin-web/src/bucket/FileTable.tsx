import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { extensionOf, formatBytes, formatDateTime, formatNumber } from '../lib/format';
import type { BucketFile } from '../api/types';
import type { SortField, useBucketView } from './useBucketFiles';

interface Props {
  view: ReturnType<typeof useBucketView>;
  total: number;
  selected: Set<string>;
  onToggle: (key: string) => void;
  /** Selects every file the search matches (the whole bucket without one), or unselects them. */
  onToggleAll: () => void;
  /** Widens a selection of every match to the whole bucket. */
  onSelectBucket: () => void;
  onClear: () => void;
}

const COLUMNS: { field: SortField; label: string; align?: 'right' }[] = [
  { field: 'key', label: 'File' },
  { field: 'size', label: 'Size', align: 'right' },
  { field: 'lastModified', label: 'Modified' },
];

/**
 * One page of bucket files with per-file checkboxes. The header checkbox selects what the search
 * matches (every page of it; the whole bucket without a search); once it has, a line offers to
 * select all the bucket's files, Gmail-style.
 */
export function FileTable({ view, total, selected, onToggle, onToggleAll, onSelectBucket, onClear }: Props) {
  const scope = view.filtered;
  const searching = view.query.trim() !== '';
  const inScope = scope.reduce((n, f) => (selected.has(f.key) ? n + 1 : n), 0);
  const all = scope.length > 0 && inScope === scope.length;
  const hidden = selected.size - inScope;
  const scopeName = searching ? `${formatNumber(scope.length)} matching files` : `${formatNumber(total)} files`;
  // on a phone, size and date go under the name: three columns of long keys would not fit
  const compact = useMediaQuery<Theme>((t) => t.breakpoints.down('sm'));
  const columns = compact ? [] : COLUMNS;
  return (
    <>
      {(all || hidden > 0) && selected.size > 0 && (
        <Alert
          severity="info"
          icon={false}
          role="status"
          sx={{ mb: 1, '& .MuiAlert-message': { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 } }}
        >
          {selected.size === total ? (
            <>
              <span>All {formatNumber(total)} files in the bucket are selected.</span>
              <Button size="small" onClick={onClear}>
                Clear selection
              </Button>
            </>
          ) : all && searching ? (
            <>
              <span>
                All {scopeName} are selected
                {hidden > 0 ? `, and ${formatNumber(hidden)} more that the search hides` : ''}.
              </span>
              <Button size="small" onClick={onSelectBucket}>
                Select all {formatNumber(total)} files in the bucket
              </Button>
            </>
          ) : (
            <span>
              {formatNumber(selected.size)} selected, {formatNumber(hidden)} of them not shown by the search.
            </span>
          )}
        </Alert>
      )}
      <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
        <Table size="small" aria-label="Bucket files" sx={{ tableLayout: { md: 'fixed' } }}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={all}
                  indeterminate={inScope > 0 && !all}
                  onChange={onToggleAll}
                  disabled={scope.length === 0}
                  slotProps={{
                    input: {
                      'aria-label': all
                        ? searching
                          ? 'Unselect all matching files'
                          : 'Unselect all files'
                        : searching
                          ? `Select all ${scope.length} matching files`
                          : `Select all ${total} files`,
                    },
                  }}
                />
              </TableCell>
              {compact && (
                <TableCell>
                  <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
                    {COLUMNS.map((c) => (
                      <TableSortLabel
                        key={c.field}
                        active={view.sort.field === c.field}
                        direction={view.sort.field === c.field ? view.sort.order : 'desc'}
                        onClick={() => view.toggleSort(c.field)}
                      >
                        {c.label}
                      </TableSortLabel>
                    ))}
                  </Box>
                </TableCell>
              )}
              {columns.map((c) => (
                <TableCell
                  key={c.field}
                  align={c.align}
                  sortDirection={view.sort.field === c.field ? view.sort.order : false}
                  sx={c.field === 'key' ? undefined : { width: { md: c.field === 'size' ? 110 : 190 } }}
                >
                  <TableSortLabel
                    active={view.sort.field === c.field}
                    direction={view.sort.field === c.field ? view.sort.order : 'desc'}
                    onClick={() => view.toggleSort(c.field)}
                  >
                    {c.label}
                  </TableSortLabel>
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {view.rows.map((f) => (
              <FileRow
                key={f.key}
                file={f}
                checked={selected.has(f.key)}
                onToggle={() => onToggle(f.key)}
                compact={compact}
              />
            ))}
            {view.rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={compact ? 2 : 4}>
                  <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
                    {view.query ? 'No file matches the search.' : 'The bucket is empty.'}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={view.filtered.length}
        page={view.page}
        onPageChange={(_, p) => view.setPage(p)}
        rowsPerPage={view.perPage}
        onRowsPerPageChange={(e) => view.setPerPage(Number(e.target.value))}
        rowsPerPageOptions={[25, 50, 100, 250]}
        labelRowsPerPage="Per page"
        sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', pl: 0 } }}
      />
    </>
  );
}

function FileRow({
  file,
  checked,
  onToggle,
  compact,
}: {
  file: BucketFile;
  checked: boolean;
  onToggle: () => void;
  compact: boolean;
}) {
  const ext = extensionOf(file.key);
  return (
    <TableRow hover selected={checked}>
      <TableCell padding="checkbox">
        <Checkbox checked={checked} onChange={onToggle} slotProps={{ input: { 'aria-label': `Select ${file.key}` } }} />
      </TableCell>
      <TableCell sx={{ minWidth: compact ? 0 : 160 }}>
        <Chip
          size="small"
          label={ext}
          variant="outlined"
          color={
            /^(MP4|MOV|WEBM)$/.test(ext) ? 'secondary' : /^(JPE?G|PNG|GIF|WEBP)$/.test(ext) ? 'primary' : 'default'
          }
          sx={{ mr: 1, minWidth: 48, fontFamily: 'monospace' }}
        />
        <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
          {file.key}
        </Typography>
        {compact && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            {formatBytes(file.size)} · {formatDateTime(file.lastModified)}
          </Typography>
        )}
      </TableCell>
      {!compact && (
        <>
          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
            {formatBytes(file.size)}
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(file.lastModified)}</TableCell>
        </>
      )}
    </TableRow>
  );
}
