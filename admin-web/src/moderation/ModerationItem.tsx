import BlockIcon from '@mui/icons-material/Block';
import CheckIcon from '@mui/icons-material/Check';
import DeleteIcon from '@mui/icons-material/Delete';
import FlagIcon from '@mui/icons-material/Flag';
import HideSourceIcon from '@mui/icons-material/HideSource';
import { Box, Button, ButtonBase, Card, Checkbox, Chip, Stack, Typography, type ButtonProps } from '@mui/material';
import { formatDateTime, formatNumber, mediaSelectLabel } from '../lib/format';
import { REASON_LABELS } from '../lib/trust-texts';
import { MediaThumb } from '../components/MediaThumb';
import type { ModerationItem as Item, ModerationStatus, ReportReason } from '../api/types';

const NOTES_SHOWN = 3;

export const STATUS_LABELS: Record<ModerationStatus, string> = {
  open: 'Open',
  kept: 'Kept',
  deleted: 'Deleted',
  banned: 'Uploader banned',
};
const STATUS_COLORS = { open: 'warning', kept: 'success', deleted: 'error', banned: 'error' } as const;

/** The decision, and that the file is gone when a ban deleted it (a deletion says so itself). */
export const statusLabel = (item: Item) =>
  `${STATUS_LABELS[item.status]}${item.fileDeleted && item.status !== 'deleted' ? ' · media deleted' : ''}`;

/** The reasons, most given first, as "Spam 3". */
export const sortedReasons = (item: Item) =>
  (Object.entries(item.reasons) as [ReportReason, number][]).filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]);

/** The reporters' standing when they reported (REPORTER_MIN_AGE_MINUTES, REPORTER_MIN_VOTES on the server). */
const STANDING_LABELS = { saved: 'Saved account', established: 'Established', new: 'New session' } as const;

/** "Reported Nov 20, 10:00 AM", or a range when the reports came at different minutes. */
function reportedWhen(item: Item): string {
  const first = formatDateTime(item.firstReportedAt);
  const last = formatDateTime(item.lastReportedAt);
  return first === last ? `Reported ${last}` : `Reported ${first} – ${last}`;
}

export interface ItemActions {
  onPreview: () => void;
  onKeep: () => void;
  onDelete: () => void;
  onBan: () => void;
}

interface Props extends ItemActions {
  item: Item;
  selected: boolean;
  onToggle: () => void;
  /** decided rows are a record: no selection, no actions */
  decided: boolean;
  pending?: boolean;
}

/**
 * A username is one word: it never breaks inside (the Users list's rule). The line may wrap
 * before it or after it; a name wider than its card ends in an ellipsis, whole in its tooltip.
 */
function Username({ name }: { name: string }) {
  return (
    <Box
      component="span"
      data-testid="username"
      title={name}
      sx={{
        display: 'inline-block',
        maxWidth: '100%',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
        verticalAlign: 'bottom',
      }}
    >
      {name}
    </Box>
  );
}

/** One reported media: preview, what was reported and by how many, notes, uploader, and the decisions. */
export function ModerationItem({ item, selected, onToggle, decided, pending, ...actions }: Props) {
  const gone = item.status === 'deleted' || Boolean(item.fileDeleted);
  return (
    <Card
      variant="outlined"
      component="li"
      data-testid="moderation-item"
      aria-label={item.originalName}
      sx={{
        display: 'grid',
        gap: { xs: 1, sm: 2 },
        p: { xs: 1, sm: 1.5 },
        alignItems: 'start',
        gridTemplateColumns: {
          xs: decided ? '96px minmax(0, 1fr)' : 'auto 96px minmax(0, 1fr)',
          md: decided ? '160px minmax(0, 1fr)' : 'auto 160px minmax(0, 1fr) auto',
        },
        borderColor: selected ? 'primary.main' : undefined,
        outline: selected ? '1px solid' : undefined,
        outlineColor: 'primary.main',
      }}
    >
      {!decided && (
        <Checkbox
          checked={selected}
          onChange={onToggle}
          size="small"
          sx={{ p: 0.5 }}
          slotProps={{
            input: { 'aria-label': mediaSelectLabel(item.originalName, item.id, item.uploaderName) },
          }}
        />
      )}
      {gone ? (
        <Box
          sx={{
            aspectRatio: '4 / 3',
            bgcolor: 'action.hover',
            borderRadius: 1,
            display: 'grid',
            placeItems: 'center',
            color: 'text.secondary',
            textAlign: 'center',
            px: 1,
          }}
        >
          <Typography variant="caption">Media deleted</Typography>
        </Box>
      ) : (
        <ButtonBase
          onClick={actions.onPreview}
          aria-label={`Preview ${item.originalName}`}
          sx={{
            display: 'block',
            borderRadius: 1,
            overflow: 'hidden',
            '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main' },
          }}
        >
          <MediaThumb media={{ mimeType: item.mimeType, thumbUrl: item.thumbUrl }} />
        </ButtonBase>
      )}
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="subtitle2" component="h3" sx={{ overflowWrap: 'anywhere' }}>
          {item.originalName}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          by <Username name={item.uploaderName} />{' '}
          <Typography component="span" variant="caption">
            (ID {item.uploaderId})
          </Typography>
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, my: 0.75 }}>
          <Chip
            size="small"
            icon={<FlagIcon />}
            // MUI's warning orange under white text is 3.1:1; this amber is 5:1 (axe color-contrast)
            sx={{ bgcolor: '#b45309', color: '#fff', '& .MuiChip-icon': { color: 'inherit' } }}
            label={`${formatNumber(item.reports)} ${item.reports === 1 ? 'report' : 'reports'}`}
          />
          {decided ? (
            <Chip size="small" color={STATUS_COLORS[item.status]} variant="outlined" label={statusLabel(item)} />
          ) : (
            item.hidden && (
              <Chip size="small" icon={<HideSourceIcon />} variant="outlined" label="Hidden from the pick" />
            )
          )}
        </Stack>
        <Stack
          component="ul"
          direction="row"
          aria-label="Reporters"
          sx={{ flexWrap: 'wrap', gap: 0.5, listStyle: 'none', p: 0, m: 0, mb: 0.5, alignItems: 'center' }}
        >
          {(Object.keys(STANDING_LABELS) as (keyof typeof STANDING_LABELS)[])
            .filter((s) => (item.reporters[s] ?? 0) > 0)
            .map((s) => (
              <Chip
                key={s}
                component="li"
                size="small"
                variant="outlined"
                // counted standings in the info hue, dark enough on light (light on dark) for 4.5:1 text
                sx={
                  s === 'new'
                    ? undefined
                    : (theme) => ({
                        color: theme.palette.info[theme.palette.mode === 'dark' ? 'light' : 'dark'],
                        borderColor: 'currentColor',
                      })
                }
                label={`${STANDING_LABELS[s]} ${formatNumber(item.reporters[s] ?? 0)}`}
              />
            ))}
          <Typography component="li" variant="caption" color="text.secondary" sx={{ listStyle: 'none' }}>
            {`${formatNumber(item.countedReports)} of ${formatNumber(item.reports)} count toward hiding`}
          </Typography>
        </Stack>
        {item.keptBefore && !decided && (
          <Typography variant="caption" component="p" color="text.secondary" sx={{ mb: 0.5 }}>
            Kept before: reports no longer hide it
          </Typography>
        )}
        <Stack
          component="ul"
          direction="row"
          aria-label="Reasons"
          sx={{ flexWrap: 'wrap', gap: 0.5, listStyle: 'none', p: 0, m: 0 }}
        >
          {sortedReasons(item).map(([reason, n]) => (
            <Chip
              key={reason}
              component="li"
              size="small"
              variant="outlined"
              label={`${REASON_LABELS[reason] ?? reason} ${formatNumber(n)}`}
            />
          ))}
        </Stack>
        {item.notes.length > 0 && (
          <Box component="ul" aria-label="Notes" sx={{ m: 0, mt: 0.75, pl: 2.5 }}>
            {item.notes.slice(0, NOTES_SHOWN).map((note, i) => (
              <Typography key={i} component="li" variant="body2" sx={{ fontStyle: 'italic', overflowWrap: 'anywhere' }}>
                “{note}”
              </Typography>
            ))}
            {item.notes.length > NOTES_SHOWN && (
              <Typography component="li" variant="caption" color="text.secondary" sx={{ listStyle: 'none' }}>
                and {item.notes.length - NOTES_SHOWN} more in the preview
              </Typography>
            )}
          </Box>
        )}
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.75 }}>
          {reportedWhen(item)}
          {decided && item.decidedAt ? ` · decided ${formatDateTime(item.decidedAt)}` : ''}
        </Typography>
      </Box>
      {!decided && (
        <Stack
          direction={{ xs: 'row', md: 'column' }}
          sx={{ gap: 1, gridColumn: { xs: '1 / -1', md: 'auto' }, flexWrap: 'wrap', alignItems: 'stretch' }}
        >
          <DecisionButtons item={item} pending={pending} {...actions} />
        </Stack>
      )}
    </Card>
  );
}

/** The look of every moderation decision button (rows, preview, the selection's toolbar). */
export const DecisionButton = (props: ButtonProps) => <Button size="small" variant="outlined" {...props} />;

/** Keep, Delete, Ban uploader: the row's and the preview's buttons. */
export function DecisionButtons({
  item,
  pending,
  onKeep,
  onDelete,
  onBan,
}: Omit<ItemActions, 'onPreview'> & { item: Item; pending?: boolean }) {
  return (
    <>
      <DecisionButton
        color="success"
        startIcon={<CheckIcon />}
        onClick={onKeep}
        disabled={pending}
        aria-label={`Keep ${item.originalName}`}
      >
        Keep
      </DecisionButton>
      <DecisionButton
        color="error"
        startIcon={<DeleteIcon />}
        onClick={onDelete}
        disabled={pending}
        aria-label={`Delete ${item.originalName}`}
      >
        Delete
      </DecisionButton>
      <DecisionButton
        color="error"
        startIcon={<BlockIcon />}
        onClick={onBan}
        disabled={pending}
        aria-label={`Ban uploader ${item.uploaderName}`}
      >
        Ban uploader
      </DecisionButton>
    </>
  );
}
