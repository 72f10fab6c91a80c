import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { Optional } from './optional.js';
import type { Response } from 'express';
import { badRequest } from '../domain-error.js';
import { containsNul, NUL_MESSAGE } from './hostile-input.js';

/**
 * The list conventions of ra-data-simple-rest, which the admin portal speaks:
 * `?sort=["field","ASC"]&range=[0,24]&filter={"q":"cat"}` and a `Content-Range: media 0-24/319`
 * header carrying the total. Without `range` the whole list comes back, capped at LIST_CAP rows.
 */
export const LIST_CAP = 1000;

export class ListQueryDto {
  @ApiPropertyOptional({ example: '["id","DESC"]' })
  @Optional()
  @IsString()
  @MaxLength(200)
  sort?: string;

  @ApiPropertyOptional({ example: '[0,24]', description: 'inclusive bounds' })
  @Optional()
  @IsString()
  @MaxLength(100)
  range?: string;

  @ApiPropertyOptional({ example: '{"q":"cat"}' })
  @Optional()
  @IsString()
  @MaxLength(2000)
  filter?: string;
}

export type SortOrder = 'ASC' | 'DESC';

export interface ListQuery<S extends string> {
  sort: { field: S; order: SortOrder };
  offset: number;
  limit: number;
  filter: Record<string, unknown>;
}

export interface ListSpec<S extends string> {
  sortable: readonly S[];
  defaultSort: [S, SortOrder];
  filters: readonly string[];
}

export interface Page<T> {
  rows: T[];
  total: number;
  /** true: `total` is an estimate (a filtered list past EXACT_TOTAL_UP_TO matches, platform/database/list-total.ts) */
  totalEstimated?: boolean;
}

/** Largest PostgreSQL integer: ids beyond it are a 400 here, not an out-of-range error in SQL. */
const MAX_INT4 = 2_147_483_647;

const parseJson = (name: string, raw: string): unknown => {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw badRequest(`${name} must be JSON`);
  }
  if (containsNul(value)) throw badRequest(NUL_MESSAGE);
  return value;
};

/** Parses and checks the three parameters; unknown sort fields and filters are a 400, not ignored. */
export function parseListQuery<S extends string>(q: ListQueryDto, spec: ListSpec<S>): ListQuery<S> {
  let sort = { field: spec.defaultSort[0], order: spec.defaultSort[1] };
  if (q.sort !== undefined) {
    const s = parseJson('sort', q.sort);
    if (!Array.isArray(s) || s.length !== 2 || typeof s[0] !== 'string' || typeof s[1] !== 'string') {
      throw badRequest('sort must look like ["field","ASC"]');
    }
    const order = s[1].toUpperCase();
    if (!spec.sortable.includes(s[0] as S)) throw badRequest(`sort field must be one of ${spec.sortable.join(', ')}`);
    if (order !== 'ASC' && order !== 'DESC') throw badRequest('sort order must be ASC or DESC');
    sort = { field: s[0] as S, order };
  }

  let offset = 0;
  let limit = LIST_CAP;
  if (q.range !== undefined) {
    const r = parseJson('range', q.range);
    if (
      !Array.isArray(r) ||
      r.length !== 2 ||
      !r.every((n) => Number.isInteger(n) && n >= 0 && n <= MAX_INT4) ||
      r[1] < r[0]
    ) {
      throw badRequest(`range must look like [first,last] with 0 <= first <= last <= ${MAX_INT4}`);
    }
    offset = r[0];
    limit = Math.min(r[1] - r[0] + 1, LIST_CAP);
  }

  let filter: Record<string, unknown> = {};
  if (q.filter !== undefined) {
    const f = parseJson('filter', q.filter);
    if (typeof f !== 'object' || f === null || Array.isArray(f)) throw badRequest('filter must be a JSON object');
    for (const key of Object.keys(f)) {
      if (!spec.filters.includes(key)) throw badRequest(`filter field must be one of ${spec.filters.join(', ')}`);
    }
    // the portal sends cleared inputs as "" or null: they mean "no filter"
    filter = Object.fromEntries(Object.entries(f).filter(([, v]) => v !== '' && v !== null && v !== undefined));
  }
  return { sort, offset, limit, filter };
}

/** Says that a list's `Content-Range` total is an estimate (the portal shows "about …"). */
const TOTAL_ESTIMATED_HEADER = 'X-Total-Estimated';

/**
 * `Content-Range` for a page (no-cache comes with every admin answer: AdminNoCacheInterceptor),
 * and `X-Total-Estimated: true` when its total is an estimate.
 */
export function sendListHeaders(
  res: Response,
  resource: string,
  offset: number,
  count: number,
  total: number,
  totalEstimated = false,
): void {
  res.setHeader(
    'Content-Range',
    count ? `${resource} ${offset}-${offset + count - 1}/${total}` : `${resource} */${total}`,
  );
  if (totalEstimated) res.setHeader(TOTAL_ESTIMATED_HEADER, 'true');
  res.setHeader('Access-Control-Expose-Headers', `Content-Range, ${TOTAL_ESTIMATED_HEADER}`);
}

/** `LIKE` pattern for a substring search: the user's `%`, `_` and `\` match literally. */
export const containsPattern = (s: string): string => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** ids from a getMany filter (`{"id":[1,2]}` or `{"id":3}`); 400 for anything but positive integers. */
export function idList(value: unknown, name = 'id'): number[] {
  const list = Array.isArray(value) ? value : [value];
  const ids = list.map((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v));
  if (
    !ids.every((n) => Number.isInteger(n) && (n as number) > 0 && (n as number) <= MAX_INT4) ||
    ids.length > LIST_CAP
  ) {
    throw badRequest(`filter ${name} must be a positive integer or a list of them`);
  }
  return ids as number[];
}
