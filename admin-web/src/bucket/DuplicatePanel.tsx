import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, Box, Button, Card, CardContent, Chip, List, ListItem, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { JobProgress } from '../components/JobProgress';
import { formatBytes, formatDateTime, formatNumber } from '../lib/format';
import type { AdminJob, DuplicateGroup, DuplicateResult } from '../api/types';
import { GROUP_LABEL } from './duplicates';

interface Props {
  job: AdminJob<DuplicateResult> | undefined;
  running: boolean;
  onFind: () => void;
  onSelectDuplicates: (result: DuplicateResult) => void;
}

const SHOWN = 10;
/** Files listed per group until asked for all: one group of 1,201 files must not push the table 18,000 px down. */
export const FILES_SHOWN = 50;

/** Duplicate detection as a job: a progress bar, then the groups and Select Duplicates. */
export function DuplicatePanel({ job, running, onFind, onSelectDuplicates }: Props) {
  const [showAll, setShowAll] = useState(false);
  const result = job?.state === 'completed' ? job.result : null;
  const groups = result?.duplicateGroups ?? [];
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, gap: 1 }}
        >
          <div>
            <Typography variant="h6" component="h2">
              Duplicate detection
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Groups files with the same content, the same size or a similar name.
            </Typography>
          </div>
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={onFind} disabled={running}>
              {running ? 'Scanning…' : 'Find Duplicates'}
            </Button>
            {result && result.potentialDeletions > 0 && (
              <Button variant="contained" onClick={() => onSelectDuplicates(result)}>
                Select Duplicates
              </Button>
            )}
          </Stack>
        </Stack>
        {job && <JobProgress job={job} label="Duplicate detection" />}
        {result && (
          <Box sx={{ mt: 1 }}>
            <Alert severity={groups.length ? 'warning' : 'success'} sx={{ mb: 1 }}>
              {result.message ||
                `${formatNumber(groups.length)} groups, ${formatNumber(result.totalDuplicateFiles)} files involved`}
              {groups.length > 0 &&
                ` · Select Duplicates keeps the newest file of each group and selects ${formatNumber(result.potentialDeletions)}.`}
            </Alert>
            {groups.length > 0 && (
              <List dense aria-label="Duplicate groups" sx={{ py: 0 }}>
                {(showAll ? groups : groups.slice(0, SHOWN)).map((g, i) => (
                  <GroupItem key={`${g.type}-${g.criteria}-${i}`} group={g} />
                ))}
              </List>
            )}
            {groups.length > SHOWN && (
              <Button size="small" onClick={() => setShowAll((s) => !s)} sx={{ mt: 1 }}>
                {showAll ? 'Show fewer groups' : `Show all ${groups.length} groups`}
              </Button>
            )}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/** One group: its kind and criteria, then its files (the first 50 until "Show all"). */
function GroupItem({ group: g }: { group: DuplicateGroup }) {
  const [open, setOpen] = useState(false);
  const files = open ? g.files : g.files.slice(0, FILES_SHOWN);
  return (
    <ListItem divider sx={{ display: 'block', px: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5, flexWrap: 'wrap' }}>
        <Chip size="small" label={GROUP_LABEL[g.type] ?? g.type} />
        <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
          {g.criteria} · {formatNumber(g.files.length)} files
        </Typography>
      </Stack>
      {files.map((f, j) => (
        <Typography key={f.key} variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all', pl: 1 }}>
          {f.key}{' '}
          <Typography component="span" variant="caption" color="text.secondary">
            {formatBytes(f.size)} · {formatDateTime(f.lastModified)}
            {j === 0 ? ' · newest, kept' : ''}
          </Typography>
        </Typography>
      ))}
      {g.files.length > FILES_SHOWN && (
        <Button size="small" onClick={() => setOpen((o) => !o)} sx={{ ml: 0.5 }} aria-expanded={open}>
          {open
            ? `Show the first ${FILES_SHOWN} files only`
            : `Show all ${formatNumber(g.files.length)} files (${formatNumber(g.files.length - FILES_SHOWN)} more)`}
        </Button>
      )}
    </ListItem>
  );
}
