import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import { lazy } from 'react';

/** Issue 12's audit log of operator actions: a lazily loaded page (its own chunk). */
export default {
  list: lazy(() => import('./AuditLogPage')),
  icon: ManageSearchIcon,
};
