import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { Button, CircularProgress } from '@mui/material';
import { useState } from 'react';
import { useListContext, useLogoutIfAccessDenied, useNotify } from 'react-admin';
import { downloadFile } from '../lib/download';
import { TRUST_TEXTS } from '../lib/trust-texts';
import { auditExportUrl } from '../providers/audit-filter';
import { errorMessage, httpStatus } from '../providers/http';

/** `audit_log_{YYYY-MM-DD}.csv` (UTC, as the server names it) when no Content-Disposition says. */
export const defaultAuditName = (now = new Date()) => `audit_log_${now.toISOString().slice(0, 10)}.csv`;

/**
 * Downloads the log as CSV under the list's current filters and sort, fetched with the admin
 * token like Export Votes (a bare link would save the 401 page as the file).
 */
export function ExportAuditButton() {
  const { filterValues, sort } = useListContext();
  const notify = useNotify();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const { filename } = await downloadFile(auditExportUrl(filterValues, sort), {
        fallbackName: defaultAuditName(),
      });
      notify(`Downloaded ${filename}`, { type: 'success' });
    } catch (err) {
      if (httpStatus(err) === 401) await logoutIfAccessDenied(err);
      else notify(errorMessage(err, TRUST_TEXTS.exportAuditFailed), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      onClick={run}
      disabled={busy}
      startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <FileDownloadIcon />}
    >
      {busy ? 'Exporting…' : 'Export CSV'}
    </Button>
  );
}
