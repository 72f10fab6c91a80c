import { Injectable } from '@nestjs/common';
import { randomBytes, randomInt } from 'node:crypto';
import { Database, type Transaction } from '../../../platform/database/sql.js';
import { randomUsername } from '../domain/username-generator.js';
import { SystemUsers } from '../system-users.js';

/** Not a visitor session id (those are 32 letters or digits), so no browser can ever sign in as it. */
export const IMPORT_OWNER_SESSION_ID = 'system-bucket-import';
export const IMPORT_OWNER_USERNAME = 'BucketImport';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** 32 characters with a '-': never a visitor session id (32 letters or digits), so nobody can sign in as a fake user. */
const seededSessionId = () => `seed-${Array.from(randomBytes(27), (b) => ALNUM[b % ALNUM.length]).join('')}`;

@Injectable()
export class TypeormSystemUsers extends SystemUsers {
  constructor(private readonly db: Database) {
    super();
  }

  async importOwnerId(): Promise<number> {
    for (let suffix = 1; suffix < 10_000; suffix++) {
      const found = await this.db.one<{ id: number }>(`SELECT id FROM users WHERE session_id = $1`, [
        IMPORT_OWNER_SESSION_ID,
      ]);
      if (found) return found.id;
      // a visitor may have picked the name already: then BucketImport2, BucketImport3, ...
      const username = suffix === 1 ? IMPORT_OWNER_USERNAME : `${IMPORT_OWNER_USERNAME}${suffix}`;
      const created = await this.db.one<{ id: number }>(
        `INSERT INTO users (session_id, username) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING id`,
        [IMPORT_OWNER_SESSION_ID, username],
      );
      if (created) return created.id;
    }
    throw new Error('Could not create the BucketImport user');
  }

  async createSeeded(tx: Transaction, count: number): Promise<number[]> {
    const ids: number[] = [];
    const used = new Set<string>();
    while (ids.length < count) {
      const names: string[] = [];
      for (let i = ids.length; i < count; i++) {
        let name = randomUsername();
        // names taken in this call or (found by the insert below) in the database get a number
        while (used.has(name.toLowerCase())) name = `${randomUsername()}${randomInt(10, 10_000)}`;
        used.add(name.toLowerCase());
        names.push(name);
      }
      const created = await tx.rows<{ id: number }>(
        `INSERT INTO users (session_id, username, is_seeded)
         SELECT s, u, true FROM unnest($1::varchar[], $2::varchar[]) AS t(s, u)
         ON CONFLICT DO NOTHING
         RETURNING id`,
        [names.map(seededSessionId), names],
      );
      ids.push(...created.map((r) => r.id));
    }
    return ids.sort((a, b) => a - b);
  }

  async deleteSeeded(tx: Transaction, ids: number[]): Promise<number> {
    if (!ids.length) return 0;
    const gone = await tx.rows<{ id: number }>(
      `DELETE FROM users WHERE id = ANY($1::int[]) AND is_seeded RETURNING id`,
      [ids],
    );
    return gone.length;
  }
}
