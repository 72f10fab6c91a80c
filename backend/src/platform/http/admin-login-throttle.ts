import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

export interface LoginStanding {
  /** failures for this account (case-insensitive) since the window start, from anywhere */
  byAccount: number;
  /** failures from this address since the window start, for any account */
  byIp: number;
  /** last successful login of this account from this address, if any */
  lastSuccessAt: Date | null;
}

/** Port over the log of failed admin logins (and the addresses that logged in) the throttle reads. */
export abstract class AdminLoginThrottle {
  abstract standing(account: string, ip: string, since: Date): Promise<LoginStanding>;
  abstract recordFailure(account: string, ip: string): Promise<void>;
  abstract recordSuccess(account: string, ip: string): Promise<void>;
}

/** Rows older than this are useless to any window; they are pruned as new failures come in. */
const KEEP_MS = 24 * 3600 * 1000;

@Injectable()
export class TypeormAdminLoginThrottle extends AdminLoginThrottle {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    super();
  }

  async standing(account: string, ip: string, since: Date): Promise<LoginStanding> {
    const [r] = await this.db.query(
      `SELECT (SELECT count(*) FROM admin_login_failures WHERE account = $1 AND created_at > $3)::int AS by_account,
              (SELECT count(*) FROM admin_login_failures WHERE ip = $2 AND created_at > $3)::int AS by_ip,
              (SELECT last_success_at FROM admin_login_successes WHERE account = $1 AND ip = $2) AS last_success_at`,
      [key(account), ip.slice(0, 64), since],
    );
    return {
      byAccount: Number(r?.by_account ?? 0),
      byIp: Number(r?.by_ip ?? 0),
      lastSuccessAt: r?.last_success_at ? new Date(r.last_success_at) : null,
    };
  }

  async recordFailure(account: string, ip: string) {
    await this.db.query(`INSERT INTO admin_login_failures (account, ip) VALUES ($1, $2)`, [
      key(account),
      ip.slice(0, 64),
    ]);
    // cheap, index-backed and rare (only on failures): keeps the table to one day of attempts
    await this.db.query(`DELETE FROM admin_login_failures WHERE created_at < $1`, [new Date(Date.now() - KEEP_MS)]);
  }

  async recordSuccess(account: string, ip: string) {
    await this.db.query(
      `INSERT INTO admin_login_successes (account, ip) VALUES ($1, $2)
       ON CONFLICT (account, ip) DO UPDATE SET last_success_at = now()`,
      [key(account), ip.slice(0, 64)],
    );
  }
}

const key = (account: string) => account.toLowerCase().slice(0, 100);
