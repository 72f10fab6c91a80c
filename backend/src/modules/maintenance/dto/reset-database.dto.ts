import { ApiProperty } from '@nestjs/swagger';
import { Equals } from 'class-validator';

export const RESET_PHRASE = 'RESET DATABASE';

export class ResetDatabaseDto {
  @ApiProperty({ example: RESET_PHRASE })
  @Equals(RESET_PHRASE, { message: `Type ${RESET_PHRASE} to confirm the reset` })
  confirm!: string;
}
