import type { Scenario } from './context.js';
import { population } from './population.scenario.js';
import { tableSize } from './table-size.scenario.js';
import { visitorApi } from './visitor-api.scenario.js';
import { exportVotes } from './export-votes.bench.js';
import { adminStats } from './admin-stats.scenario.js';
import { voteCounters } from './vote-counters.scenario.js';
import { uploads } from './uploads.scenario.js';
import { visitorWait } from './visitor-wait.scenario.js';
import { mediaDelivery } from './media-delivery.scenario.js';
import { uploadFlood } from './upload-flood.scenario.js';
import { metricsCost } from './metrics-cost.scenario.js';
import { hostileMedia } from './hostile-media.scenario.js';
import { adminLists } from './admin-lists.scenario.js';
import { dataExport } from './data-export.scenario.js';
import { mediaQuality } from './media-quality.scenario.js';

/**
 * Every scenario `npm run bench` runs, in this order, all against the same main app and database
 * (later scenarios see the votes earlier ones added). Add yours at the end: a module beside this
 * one exporting `{ name, description, run(ctx) }` (see context.ts for everything ctx offers):
 *
 *   export const exportVotes: Scenario = {
 *     name: 'export-votes',
 *     description: 'GET /api/admin/... streams all votes; time and API memory',
 *     async run(ctx) {
 *       const res = await fetch(`${ctx.baseUrl}/api/admin/...`, { headers: { authorization: ctx.admin.authorization } });
 *       ...
 *       ctx.report([{ step: 'export', votes: ctx.seed.votes, seconds, 'peak RSS MB': peak }], 'Export votes');
 *     },
 *   };
 *
 * HTTP load goes through ctx.measure({ name, path, ... }), which prints with the standard columns.
 */
export const scenarios: Scenario[] = [
  visitorApi,
  tableSize,
  population,
  exportVotes,
  adminStats,
  voteCounters,
  uploads,
  visitorWait,
  mediaDelivery,
  uploadFlood,
  metricsCost,
  hostileMedia,
  adminLists,
  dataExport,
  mediaQuality,
];
