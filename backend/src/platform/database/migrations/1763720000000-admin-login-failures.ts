import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Failed admin logins, one row each: the per-account and per-IP throttle counts these, so the
 * limit holds across API replicas (nothing kept in process memory).
 */
export class AdminLoginFailures1763720000000 implements MigrationInterface {
  name = 'AdminLoginFailures1763720000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE admin_login_failures (
        id         bigserial PRIMARY KEY,
        account    varchar(100) NOT NULL,
        ip         varchar(64) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX admin_login_failures_account ON admin_login_failures (account, created_at)`);
    await q.query(`CREATE INDEX admin_login_failures_ip ON admin_login_failures (ip, created_at)`);
    await q.query(`CREATE INDEX admin_login_failures_created ON admin_login_failures (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE admin_login_failures`);
  }
}
