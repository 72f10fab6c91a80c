import { Injectable } from '@nestjs/common';
import { Database } from '../../../platform/database/sql.js';
import type { BackButtonConfig, IdleRedirectConfig } from '../domain/redirect-config.js';
import { RedirectConfigRepository } from '../redirect-config.repository.js';

const toIdle = (r: Record<string, unknown>): IdleRedirectConfig => ({
  id: Number(r.id),
  idleRedirectTime: Number(r.idle_redirect_time),
  idleRedirectUrl: String(r.idle_redirect_url),
  isActive: Boolean(r.is_active),
  createdAt: new Date(r.created_at as string),
});
const toBack = (r: Record<string, unknown>): BackButtonConfig => ({
  id: Number(r.id),
  backButtonUrl: String(r.back_button_url),
  isActive: Boolean(r.is_active),
  createdAt: new Date(r.created_at as string),
});
const NEWEST = 'ORDER BY created_at DESC, id DESC';

@Injectable()
export class TypeormRedirectConfigRepository extends RedirectConfigRepository {
  constructor(private readonly db: Database) {
    super();
  }

  async latestIdle() {
    const r = await this.db.one<Record<string, unknown>>(`SELECT * FROM idle_redirect_configs ${NEWEST} LIMIT 1`);
    return r ? toIdle(r) : null;
  }

  async latestBackButton() {
    const r = await this.db.one<Record<string, unknown>>(`SELECT * FROM back_button_configs ${NEWEST} LIMIT 1`);
    return r ? toBack(r) : null;
  }

  async idleHistory(limit: number) {
    return (
      await this.db.rows<Record<string, unknown>>(`SELECT * FROM idle_redirect_configs ${NEWEST} LIMIT $1`, [limit])
    ).map(toIdle);
  }

  async backButtonHistory(limit: number) {
    return (
      await this.db.rows<Record<string, unknown>>(`SELECT * FROM back_button_configs ${NEWEST} LIMIT $1`, [limit])
    ).map(toBack);
  }

  async addIdle(c: { idleRedirectTime: number; idleRedirectUrl: string; isActive: boolean }) {
    const r = await this.db.one<Record<string, unknown>>(
      `INSERT INTO idle_redirect_configs (idle_redirect_time, idle_redirect_url, is_active) VALUES ($1, $2, $3) RETURNING *`,
      [c.idleRedirectTime, c.idleRedirectUrl, c.isActive],
    );
    return toIdle(r!);
  }

  async addBackButton(c: { backButtonUrl: string; isActive: boolean }) {
    const r = await this.db.one<Record<string, unknown>>(
      `INSERT INTO back_button_configs (back_button_url, is_active) VALUES ($1, $2) RETURNING *`,
      [c.backButtonUrl, c.isActive],
    );
    return toBack(r!);
  }
}
