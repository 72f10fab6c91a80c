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
      </CardContent>
    </Card>
  );
}
