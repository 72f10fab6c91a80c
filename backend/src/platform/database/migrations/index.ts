import { VisitorSchema1763700000000 } from './1763700000000-visitor-schema.js';
import { AdConfigs1763700001000 } from './1763700001000-ad-configs.js';
import { TrafficConfigs1763700002000 } from './1763700002000-traffic-configs.js';
import { AdminLoginFailures1763720000000 } from './1763720000000-admin-login-failures.js';
import { GeocodeCache1763720001000 } from './1763720001000-geocode-cache.js';
import { AdminTrustedAddresses1763720002000 } from './1763720002000-admin-trusted-addresses.js';
import { Jobs1763730000000 } from './1763730000000-jobs.js';
import { PopulationRuns1763730001000 } from './1763730001000-population-runs.js';
import { AdminSessions1763800000000 } from './1763800000000-admin-sessions.js';
import { DailyCounts1763800100000 } from './1763800100000-daily-counts.js';
import { AdminListIndexes1763800200000 } from './1763800200000-admin-list-indexes.js';
import { MagicLinkOutbox1763810000000 } from './1763810000000-magic-link-outbox.js';
import { OrphanObjects1763810100000 } from './1763810100000-orphan-objects.js';
import { MediaHidden1763820000000 } from './1763820000000-media-hidden.js';
import { TrustAndSafety1763840000000 } from './1763840000000-trust-and-safety.js';
import { PickLaps1763849000000 } from './1763849000000-pick-laps.js';
import { PickOneAtATime1763850000000 } from './1763850000000-pick-one-at-a-time.js';
import { HotScore1763861000000 } from './1763861000000-hot-score.js';
import { MediaUploadKey1763861100000 } from './1763861100000-media-upload-key.js';
import { GeocodeQueue1763861200000 } from './1763861200000-geocode-queue.js';
import { Operations1763880000000 } from './1763880000000-operations.js';
import { MediaRenditions1764100000000 } from './1764100000000-media-renditions.js';
import { JobPriority1764100100000 } from './1764100100000-job-priority.js';
import { MediaUploadAddress1764100200000 } from './1764100200000-media-upload-address.js';
import { SessionHandoff1764200000000 } from './1764200000000-session-handoff.js';
import { BudgetCounters1764300000000 } from './1764300000000-budget-counters.js';
import { ReportStanding1764300100000 } from './1764300100000-report-standing.js';
import { SeededUsers1764300200000 } from './1764300200000-seeded-users.js';
import { SqlFiles1764310000000 } from './1764310000000-sql-files.js';
import { SchemaReleases1795897344321 } from './1795897344321-schema-releases.js';
import { MediaRenditionsVersion1795897564214 } from './1795897564214-media-renditions-version.js';
import { ShareLinks1795897866598 } from './1795897866598-share-links.js';
import { PickRenderedOnly1795898100000 } from './1795898100000-pick-rendered-only.js';
import { DeviceSessions1795900000000 } from './1795900000000-device-sessions.js';
import { AdminListsAtScale1796100000000 } from './1796100000000-admin-lists-at-scale.js';

/** Every migration, oldest first. Run at start-up; the schema never comes from `synchronize`. */
export const migrations = [
  VisitorSchema1763700000000,
  AdConfigs1763700001000,
  TrafficConfigs1763700002000,
  AdminLoginFailures1763720000000,
  GeocodeCache1763720001000,
  AdminTrustedAddresses1763720002000,
  Jobs1763730000000,
  PopulationRuns1763730001000,
  AdminSessions1763800000000,
  DailyCounts1763800100000,
  AdminListIndexes1763800200000,
  MagicLinkOutbox1763810000000,
  OrphanObjects1763810100000,
  MediaHidden1763820000000,
  TrustAndSafety1763840000000,
  PickLaps1763849000000,
  PickOneAtATime1763850000000,
  HotScore1763861000000,
  MediaUploadKey1763861100000,
  GeocodeQueue1763861200000,
  Operations1763880000000,
  MediaRenditions1764100000000,
  JobPriority1764100100000,
  MediaUploadAddress1764100200000,
  SessionHandoff1764200000000,
  BudgetCounters1764300000000,
  ReportStanding1764300100000,
  SeededUsers1764300200000,
  SqlFiles1764310000000,
  SchemaReleases1795897344321,
  MediaRenditionsVersion1795897564214,
  ShareLinks1795897866598,
  PickRenderedOnly1795898100000,
  DeviceSessions1795900000000,
  AdminListsAtScale1796100000000,
];
