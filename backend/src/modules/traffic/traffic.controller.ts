import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { TrafficService } from './traffic.service.js';
import { PublicRedirectConfigDto } from './dto/redirect-config.dto.js';

@ApiTags('traffic')
@Controller('api')
export class TrafficController {
  constructor(private readonly traffic: TrafficService) {}

  @Get('idle-redirect-config')
  @ApiOkResponse({ type: PublicRedirectConfigDto })
  get(): Promise<PublicRedirectConfigDto> {
    return this.traffic.publicConfig();
  }
}
