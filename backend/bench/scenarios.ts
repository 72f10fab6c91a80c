import type { Scenario } from './context.js';
import { tableSize } from './table-size.scenario.js';
import { visitorApi } from './visitor-api.scenario.js';

/**
 * Every scenario `npm run bench` runs, in this order, all against the same main app and database
 * (later scenarios see the votes earlier ones added). Add yours at the end: a module exporting
 * `{ name, description, run(ctx) }` (see context.ts).
 */
export const scenarios: Scenario[] = [visitorApi, tableSize];
