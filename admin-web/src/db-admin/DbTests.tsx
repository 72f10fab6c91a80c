import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { visuallyHidden } from '../lib/visually-hidden';
import type { TestItem } from './db-tests';

const COLOR = { pending: 'default', running: 'info', success: 'success', error: 'error' } as const;

interface Props {
  tests: TestItem[];
  running: boolean;
  onRunAll: () => void;
  onRun: (name: TestItem['name']) => void;
}

/** The four database checks with status, result, error and duration (spec §2, §4). */
export function DbTests({ tests, running, onRunAll, onRun }: Props) {
  // on a phone each test is a block of its own: the table's six columns would not fit
  const compact = useMediaQuery<Theme>((t) => t.breakpoints.down('sm'));
  return (
    <Card variant="outlined" component="section" aria-label="Database tests" sx={{ mb: 2 }}>
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <div>
            <Typography variant="h6" component="h2">
              Database tests
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Connection, schema, counts and sample queries.
            </Typography>
          </div>
          <Button
            variant="contained"
            onClick={onRunAll}
            disabled={running}
            startIcon={running ? <CircularProgress size={16} color="inherit" /> : <PlayArrowIcon />}
          >
            Run All Tests
          </Button>
        </Stack>
        {compact ? (
          <Box component="ul" aria-label="Database test results" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
            {tests.map((t) => (
              <Box
                component="li"
                key={t.name}
                data-testid={`db-test-${t.name}`}
                sx={{ py: 1.25, borderBottom: 1, borderColor: 'divider' }}
              >
                <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
                  <Typography variant="subtitle2" sx={{ flexGrow: 1 }}>
                    {t.label}
                  </Typography>
                  <Chip
                    size="small"
                    label={t.status}
                    color={COLOR[t.status]}
                    variant={t.status === 'pending' ? 'outlined' : 'filled'}
                  />
                  <Typography
                    variant="caption"
                    sx={{ fontVariantNumeric: 'tabular-nums', minWidth: 44, textAlign: 'right' }}
                  >
                    {t.durationMs === null ? '–' : `${t.durationMs} ms`}
                  </Typography>
                  <Button
                    size="small"
                    onClick={() => onRun(t.name)}
                    disabled={t.status === 'running'}
                    aria-label={`Run ${t.label} test`}
                  >
                    Run
                  </Button>
                </Stack>
                {t.result && (
                  <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word', mt: 0.5 }}>
                    {t.result}
                  </Typography>
                )}
                {t.error && (
                  <Typography variant="body2" color="error" sx={{ wordBreak: 'break-word', mt: 0.5 }}>
                    {t.error}
                  </Typography>
                )}
              </Box>
            ))}
          </Box>
        ) : (
          <TableContainer sx={{ mt: 1, overflowX: 'auto' }}>
            <Table size="small" aria-label="Database test results">
              <TableHead>
                <TableRow>
                  <TableCell>Test</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell>Result</TableCell>
                  <TableCell>Error</TableCell>
                  <TableCell align="right">Duration</TableCell>
                  <TableCell sx={{ position: 'relative' }}>
                    <Box component="span" sx={visuallyHidden}>
                      Action
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {tests.map((t) => (
                  <TableRow key={t.name} data-testid={`db-test-${t.name}`}>
                    <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap', fontWeight: 500 }}>
                      {t.label}
                    </TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        label={t.status}
                        color={COLOR[t.status]}
                        variant={t.status === 'pending' ? 'outlined' : 'filled'}
                      />
                    </TableCell>
                    <TableCell sx={{ minWidth: 200, wordBreak: 'break-word' }}>{t.result || '–'}</TableCell>
                    <TableCell sx={{ minWidth: 120, color: 'error.main', wordBreak: 'break-word' }}>
                      {t.error || '–'}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                      {t.durationMs === null ? '–' : `${t.durationMs} ms`}
                    </TableCell>
                    <TableCell>
                      <Button
                        size="small"
                        onClick={() => onRun(t.name)}
                        disabled={t.status === 'running'}
                        aria-label={`Run ${t.label} test`}
                      >
                        Run
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}
