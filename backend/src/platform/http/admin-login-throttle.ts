import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** Port over the log of failed admin logins that the throttle counts. */
export abstract class AdminLoginThrottle {
  /** Failures since `since` for this account (case-insensitive) and for this IP. */
  abstract recentFailures(account: string, ip: string, since: Date): Promise<{ byAccount: number; byIp: number }>;
  abstract recordFailure(account: string, ip: string): Promise<void>;
}

/** Rows older than this are useless to any window; they are pruned as new failures come in. */
const KEEP_MS = 24 * 3600 * 1000;

@Injectable()
export class TypeormAdminLoginThrottle extends AdminLoginThrottle {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    super();
  }

  async recentFailures(account: string, ip: string, since: Date) {
    const [r] = await this.db.query(
      `SELECT count(*) FILTER (WHERE account = $1) AS by_account, count(*) FILTER (WHERE ip = $2) AS by_ip
         FROM admin_login_failures
        WHERE (account = $1 OR ip = $2) AND created_at > $3`,
      [key(account), ip.slice(0, 64), since],
    );
    return { byAccount: Number(r?.by_account ?? 0), byIp: Number(r?.by_ip ?? 0) };
  }

  async recordFailure(account: string, ip: string) {
    await this.db.query(`INSERT INTO admin_login_failures (account, ip) VALUES ($1, $2)`, [key(account), ip.slice(0, 64)]);
    // cheap, index-backed and rare (only on failures): keeps the table to one day of attempts
    await this.db.query(`DELETE FROM admin_login_failures WHERE created_at < $1`, [new Date(Date.now() - KEEP_MS)]);
  }
}

const key = (account: string) => account.toLowerCase().slice(0, 100);
