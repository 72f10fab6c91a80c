import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { TrafficService } from './traffic.service.js';

@ApiTags('traffic')
@Controller('api')
export class TrafficController {
  constructor(private readonly traffic: TrafficService) {}

  @Get('idle-redirect-config')
  get() {
    return this.traffic.publicConfig();
  }
}
