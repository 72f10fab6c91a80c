import { Injectable } from '@nestjs/common';
import { Database } from '../../../platform/database/sql.js';
import { AdConfigRepository, type AdConfig } from '../ad-config.repository.js';

interface Row {
  zone_id: string;
  zone_name: string;
  ad_code: string;
  is_active: boolean;
  updated_at: Date;
}

const toAdConfig = (r: Row): AdConfig => ({
  zoneId: r.zone_id,
  zoneName: r.zone_name,
  adCode: r.ad_code,
  isActive: r.is_active,
  updatedAt: new Date(r.updated_at),
});

@Injectable()
export class TypeormAdConfigRepository extends AdConfigRepository {
  constructor(private readonly db: Database) {
    super();
  }

  async find(zoneId: string) {
    const r = await this.db.one<Row>(`SELECT * FROM ad_configs WHERE zone_id = $1`, [zoneId]);
    return r ? toAdConfig(r) : null;
  }

  async save(c: Omit<AdConfig, 'updatedAt'>) {
    const r = await this.db.one<Row>(
      `INSERT INTO ad_configs (zone_id, zone_name, ad_code, is_active) VALUES ($1, $2, $3, $4)
       ON CONFLICT (zone_id) DO UPDATE SET zone_name = $2, ad_code = $3, is_active = $4, updated_at = now()
       RETURNING *`,
      [c.zoneId, c.zoneName, c.adCode, c.isActive],
    );
    return toAdConfig(r!);
  }
}
