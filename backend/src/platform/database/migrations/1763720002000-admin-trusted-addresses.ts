import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Where each admin account last logged in successfully. When an account is locked by failures
 * from elsewhere, these addresses keep access, so an attacker cannot lock the real admin out.
 */
export class AdminTrustedAddresses1763720002000 implements MigrationInterface {
  name = 'AdminTrustedAddresses1763720002000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE admin_login_successes (
        account         varchar(100) NOT NULL,
        ip              varchar(64) NOT NULL,
        last_success_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (account, ip)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE admin_login_successes`);
  }
}
