import { Injectable } from '@nestjs/common';
import { Database } from '../../database/sql.js';

export interface AdminThrottleLimits {
  windowMs: number;
  maxPerAccount: number;
  maxPerIp: number;
  /** an address that logged in to the account this recently is spared the account limit */
  trustedForMs: number;
}

/** A login attempt that holds one failure slot until it turns out to be a success. */
export interface AdminLoginAttempt {
  id: number;
  account: string;
  ip: string;
  /** last successful login of this account from this address, if any */
  lastSuccessAt: Date | null;
}

/**
 * Port over the log of failed admin logins (and the addresses that logged in) the throttle reads.
 * `begin` takes a slot atomically, before the password is compared: under any number of parallel
 * requests, at most the limit's worth of guesses is ever checked.
 */
export abstract class AdminLoginThrottle {
  /** A new attempt counted as a failure, or null when the account or the address is at its limit. */
  abstract begin(account: string, ip: string, limits: AdminThrottleLimits): Promise<AdminLoginAttempt | null>;
  /** The password was right: the attempt no longer counts; the address is (re)trusted when `trust`. */
  abstract succeeded(attempt: AdminLoginAttempt, trust: boolean): Promise<void>;
}

/** Rows older than this are useless to any window; they are pruned as new failures come in. */
const KEEP_MS = 24 * 3600 * 1000;

@Injectable()
export class TypeormAdminLoginThrottle extends AdminLoginThrottle {
  constructor(private readonly db: Database) {
    super();
  }

  begin(account: string, ip: string, limits: AdminThrottleLimits): Promise<AdminLoginAttempt | null> {
    const a = key(account);
    const addr = ip.slice(0, 64);
    return this.db.transaction(async (tx) => {
      // one holder per address, then per account (always in that order, so two never wait on each
      // other): the count and the insert below act as one step for everyone asking at once
      await tx.rows(`SELECT pg_advisory_xact_lock(hashtextextended('admin-login-ip:' || $1, 0))`, [addr]);
      await tx.rows(`SELECT pg_advisory_xact_lock(hashtextextended('admin-login-account:' || $1, 0))`, [a]);
      const row = await tx.one<{ id: number | null; last_success_at: Date | null }>(
        `WITH standing AS (
           SELECT (SELECT count(*) FROM admin_login_failures WHERE account = $1 AND created_at > $3) AS by_account,
                  (SELECT count(*) FROM admin_login_failures WHERE ip = $2 AND created_at > $3) AS by_ip,
                  (SELECT last_success_at FROM admin_login_successes WHERE account = $1 AND ip = $2) AS last_success_at
         ), taken AS (
           INSERT INTO admin_login_failures (account, ip)
           SELECT $1, $2 FROM standing
           WHERE by_ip < $4 AND (by_account < $5 OR last_success_at > $6)
           RETURNING id
         )
         SELECT (SELECT id FROM taken) AS id, last_success_at FROM standing`,
        [
          a,
          addr,
          new Date(Date.now() - limits.windowMs),
          limits.maxPerIp,
          limits.maxPerAccount,
          new Date(Date.now() - limits.trustedForMs),
        ],
      );
      if (row?.id == null) return null;
      // cheap, index-backed: keeps the table to one day of attempts
      await tx.rows(`DELETE FROM admin_login_failures WHERE created_at < $1`, [new Date(Date.now() - KEEP_MS)]);
      return {
        id: Number(row.id),
        account: a,
        ip: addr,
        lastSuccessAt: row.last_success_at ? new Date(row.last_success_at) : null,
      };
    });
  }

  async succeeded(attempt: AdminLoginAttempt, trust: boolean): Promise<void> {
    await this.db.rows(`DELETE FROM admin_login_failures WHERE id = $1`, [attempt.id]);
    if (!trust) return;
    await this.db.rows(
      `INSERT INTO admin_login_successes (account, ip) VALUES ($1, $2)
       ON CONFLICT (account, ip) DO UPDATE SET last_success_at = now()`,
      [attempt.account, attempt.ip],
    );
  }
}

const key = (account: string) => account.toLowerCase().slice(0, 100);
