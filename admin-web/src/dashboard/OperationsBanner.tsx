import { Alert, AlertTitle } from '@mui/material';
import { useHealth } from '../lib/useHealth';

const WATCHED: Array<[string, string]> = [
  ['database', 'Database'],
  ['storage', 'Media storage'],
  ['mail', 'Sign-in mail'],
  ['jobs', 'Background jobs'],
  ['redis', 'Job queue (Redis)'],
];

/**
 * What the monitoring report says is stuck or down (sign-in mail not going out, no worker
 * running jobs, a dependency away), above the Dashboard; nothing when all is well.
 */
export function OperationsBanner() {
  const health = useHealth();
  const details = health.data?.details ?? {};
  const problems = WATCHED.flatMap(([key, label]) => {
    const check = details[key];
    if (!check || check.status === 'up') return [];
    return [{ key, label, down: check.status === 'down', message: check.message ?? check.status }];
  });
  if (!problems.length) return null;
  const down = problems.some((p) => p.down);
  return (
    <Alert severity={down ? 'error' : 'warning'} sx={{ mb: 2 }} role="alert">
      <AlertTitle>{down ? 'Part of the site is down' : 'Something is stuck'}</AlertTitle>
      {problems.map((p) => (
        <div key={p.key}>
          <strong>{p.label}:</strong> {p.message}
        </div>
      ))}
    </Alert>
  );
}
