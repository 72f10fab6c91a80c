import { Button, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { formatDateTime } from '../lib/format';

interface Entry {
  id: number | null;
  isActive: boolean;
  createdAt: string | null;
}

const SHOWN = 5;

/** A redirect's saved versions, newest first (a failed read shows an empty list, spec §7). */
export function ConfigHistory<T extends Entry>({
  label,
  entries,
  describe,
}: {
  label: string;
  entries: T[];
  describe: (e: T) => ReactNode;
}) {
  const [all, setAll] = useState(false);
  if (!entries.length) {
    return (
      <Typography variant="body2" color="text.secondary">
        No changes saved yet.
      </Typography>
    );
  }
  return (
    <>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>Saved</TableCell>
            <TableCell>Setting</TableCell>
            <TableCell>Status</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(all ? entries : entries.slice(0, SHOWN)).map((e, i) => (
            <TableRow key={e.id ?? `row-${i}`}>
              <TableCell sx={{ whiteSpace: { sm: 'nowrap' } }}>{formatDateTime(e.createdAt)}</TableCell>
              <TableCell sx={{ wordBreak: 'break-all' }}>{describe(e)}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  variant="outlined"
                  color={e.isActive ? 'success' : 'default'}
                  label={e.isActive ? 'Active' : 'Disabled'}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {entries.length > SHOWN && (
        <Button size="small" onClick={() => setAll((a) => !a)} sx={{ mt: 1 }}>
          {all ? 'Show fewer' : `Show all ${entries.length}`}
        </Button>
      )}
    </>
  );
}
