import { Injectable } from '@nestjs/common';
import { Database, type Transaction } from '../database/sql.js';
import { Where } from '../database/where.js';
import { badRequest } from '../domain-error.js';
import { containsPattern, type ListQueryDto, parseListQuery } from '../http/simple-rest.js';
import type { AuditActor, AuditEntry } from './audit-entry.js';

export interface AuditRow {
  id: number;
  at: string;
  admin: string;
  action: string;
  target: string;
  outcome: 'ok' | 'failed';
  detail?: string;
  clientAddress: string;
}

interface Row {
  id: string | number;
  at: Date;
  admin: string;
  action: string;
  target: string;
  outcome: 'ok' | 'failed';
  detail: string | null;
  client_address: string;
}

/**
 * An IPv4 client reaching a dual-stack socket is recorded as `::ffff:1.2.3.4` (what `req.ip`
 * says): shown and exported as the IPv4 address it is. Other addresses are shown as recorded.
 */
export const plainAddress = (a: string): string => /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(a)?.[1] ?? a;

const toRow = (r: Row): AuditRow => ({
  id: Number(r.id),
  at: new Date(r.at).toISOString(),
  admin: r.admin,
  action: r.action,
  target: r.target,
  outcome: r.outcome,
  ...(r.detail === null ? {} : { detail: r.detail }),
  clientAddress: plainAddress(r.client_address),
});

const SORTABLE = ['at', 'id', 'action', 'admin', 'outcome'] as const;
const ORDER: Record<(typeof SORTABLE)[number], string> = {
  at: 'at',
  id: 'id',
  action: 'action',
  admin: 'lower(admin)',
  outcome: 'outcome',
};

const EXPORT_PAGE = 1000;

const MAX_TARGET = 2000;
const MAX_DETAIL = 2000;
const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/**
 * The operators' audit trail: every admin write appends its row through `record` (the `@Audited`
 * interceptor, or the action itself inside its transaction), the Audit log page reads it.
 */
@Injectable()
export class AuditLog {
  /** The action codes the modules declared (`auditActions()`): what the filter accepts. */
  private readonly actions = new Set<string>();
  /** Actors whose action wrote its own row (the interceptor does not write a second one). */
  private readonly recorded = new WeakSet<AuditActor>();

  constructor(private readonly db: Database) {}

  declare(codes: readonly string[]): void {
    for (const code of codes) this.actions.add(code);
  }

  /**
   * Appends one row: inside `tx` when given, so the row commits or rolls back with the action's
   * own writes, else as its own statement (for actions whose work has no transaction here).
   */
  async record(entry: AuditEntry, tx?: Transaction): Promise<void> {
    await (tx ?? this.db).write(
      `INSERT INTO audit_log (admin, action, target, outcome, detail, client_address) VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        clip(entry.actor.admin, 100),
        entry.action,
        clip(entry.target, MAX_TARGET),
        entry.outcome,
        entry.detail === undefined ? null : clip(entry.detail, MAX_DETAIL),
        clip(entry.actor.clientAddress, 64),
      ],
    );
    this.recorded.add(entry.actor);
  }

  /** Whether an action of this actor has written its row already (in its transaction). */
  hasRecorded(actor: AuditActor): boolean {
    return this.recorded.has(actor);
  }

  /** filter: `action` (one code or a list), `q` (target or admin text), `from` / `to` (ISO times, inclusive). */
  criteria(filter: Record<string, unknown>): Where {
    const where = new Where();
    const { action, q, from, to } = filter;
    if (action !== undefined) {
      const list = Array.isArray(action) ? action : [action];
      if (!list.length || !list.every((a) => typeof a === 'string' && this.actions.has(a)))
        throw badRequest(`filter action must be one of ${[...this.actions].join(', ')}`);
      where.and(`action = ANY(${where.param(list)}::varchar[])`);
    }
    if (q !== undefined) {
      if (typeof q !== 'string' || q.length > 200) throw badRequest('filter q must be text of at most 200 characters');
      if (q.trim()) {
        const p = where.param(containsPattern(q.trim()));
        where.and(`(target ILIKE ${p} OR admin ILIKE ${p} OR detail ILIKE ${p})`);
      }
    }
    for (const [name, value, op] of [
      ['from', from, '>='],
      ['to', to, '<='],
    ] as const) {
      if (value === undefined) continue;
      const t = typeof value === 'string' && value.length <= 40 ? new Date(value) : null;
      if (!t || Number.isNaN(t.getTime())) throw badRequest(`filter ${name} must be an ISO date or time`);
      where.and(`at ${op} ${where.param(t.toISOString())}::timestamptz`);
    }
    return where;
  }

  async list(query: ListQueryDto): Promise<{ rows: AuditRow[]; total: number; offset: number }> {
    const q = parseListQuery(query, {
      sortable: SORTABLE,
      defaultSort: ['at', 'DESC'],
      filters: ['action', 'q', 'from', 'to'],
    });
    const where = this.criteria(q.filter);
    const count = await this.db.one<{ total: number }>(
      `SELECT count(*)::int AS total FROM audit_log ${where.sql}`,
      where.params,
    );
    const rows = await this.db.rows<Row>(
      `SELECT * FROM audit_log ${where.sql} ORDER BY ${ORDER[q.sort.field]} ${q.sort.order}, id ${q.sort.order}
        LIMIT ${where.param(q.limit)} OFFSET ${where.param(q.offset)}`,
      where.params,
    );
    return { rows: rows.map(toRow), total: Number(count?.total ?? 0), offset: q.offset };
  }

  /** Every matching row, newest first, a page at a time (keyset on id: the log only grows). */
  async *exportRows(filter: Record<string, unknown>): AsyncGenerator<AuditRow> {
    const { sql: where, params } = this.criteria(filter);
    let before = Number.MAX_SAFE_INTEGER;
    for (;;) {
      const cond = `${where ? `${where} AND` : 'WHERE'} id < $${params.length + 1}`;
      const rows = await this.db.rows<Row>(`SELECT * FROM audit_log ${cond} ORDER BY id DESC LIMIT ${EXPORT_PAGE}`, [
        ...params,
        String(before),
      ]);
      for (const r of rows) yield toRow(r);
      if (rows.length < EXPORT_PAGE) return;
      before = Number(rows[rows.length - 1]!.id);
    }
  }
}
