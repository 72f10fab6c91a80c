/**
 * The operator-facing texts the product spec fixes (§8 admin error catalogue, §4, §5), quoted
 * exactly, in one place so pages and tests use the same strings.
 */
export const TEXTS = {
  loginInvalid: 'Invalid credentials',
  loginFailed: 'Login failed',
  loginSuccess: 'Successfully logged in to admin panel',
  sessionExpired: 'Authentication failed: Your admin session may have expired. Please log in again at /adm',
  populationSessionExpired: 'Authentication failed. Your admin session may have expired. Please log in again at /adm.',
  missingToken: 'Admin authentication required. Please log in to the admin portal first.',

  fetchMediaFailed: 'Failed to fetch media data',
  fetchUsersFailed: 'Failed to fetch users data',
  deleteMediaFailed: 'Failed to delete media',
  deleteMediaSuccess: 'Media deleted successfully',

  connectionFailed: 'Connection failed',
  schemaFailed: 'Schema check failed',
  countsFailed: 'Count query failed',
  queriesFailed: 'Sample queries failed',
  resetFailed: 'Database reset failed',
  importFailed: 'Media import failed',
  trafficMigrationFailed: 'Traffic handler migration failed',
  adMigrationFailed: 'Ad migration failed',
  populationFailed: 'Population failed',
  fixSequenceFailed: 'Failed to fix sequence',
  bucketLoadFailed: 'Failed to load bucket files',
  bucketDeleteFailed: 'Failed to delete files',
  duplicatesFailed: 'Failed to find duplicates',
  exportFailed: 'Failed to export votes',
  exportFailedToast: 'Failed to export votes data',
  unknownError: 'Unknown error occurred',

  saveFailed: 'Save Failed',
  saveIdleFailed: 'Failed to save idle redirect configuration',
  saveBackButtonFailed: 'Failed to save back button configuration',
  saveAdFailed: 'Failed to save ad configuration',
  fetchIdleFailed: 'Failed to fetch idle redirect configuration',
  fetchBackButtonFailed: 'Failed to fetch back button configuration',
  tableMissing: 'Table missing',

  invalidTime: 'Invalid Time: Idle redirect time must be at least 30 seconds',
  invalidUrl: 'Invalid URL: Please enter a valid URL including http:// or https://',
  zoneNameEmpty: 'Zone name cannot be empty',
  resetPhrase: 'RESET DATABASE',
  defaultZoneName: 'Ad Zone 1',
} as const;

/** Spec §5: "Are you sure you want to delete "{label}"? This action cannot be undone." */
export const confirmDeleteText = (label: string) =>
  `Are you sure you want to delete "${label}"? This action cannot be undone.`;
