import { ApiProperty } from '@nestjs/swagger';
import type { DeviceSession } from '../domain/device.js';
import { splitSummary } from '../domain/user-agent-summary.js';

/** One signed-in browser as the Profile page lists it (never its credential). */
export class DeviceDto {
  @ApiProperty() id!: number;
  @ApiProperty({ example: 'Firefox' }) browser!: string;
  @ApiProperty({ example: 'Windows' }) system!: string;
  @ApiProperty({ nullable: true, type: String, description: 'the network the session started from' })
  network!: string | null;
  @ApiProperty() createdAt!: string;
  @ApiProperty({ description: 'updated at most once a minute' }) lastSeenAt!: string;
  @ApiProperty({ description: "the session of this request's own cookie" }) current!: boolean;

  static of(s: DeviceSession, currentId: number): DeviceDto {
    return {
      id: s.id,
      ...splitSummary(s.userAgent),
      network: s.network,
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
      current: s.id === currentId,
    };
  }
}

export class SignedOutDto {
  @ApiProperty({ description: 'how many sessions ended' }) ended!: number;
}
