import { Module } from '@nestjs/common';
import { TypeormRedirectConfigRepository } from './infrastructure/typeorm-redirect-config.repository.js';
import { RedirectConfigRepository } from './redirect-config.repository.js';
import { TrafficController } from './traffic.controller.js';
import { TrafficService } from './traffic.service.js';

@Module({
  controllers: [TrafficController],
  providers: [TrafficService, { provide: RedirectConfigRepository, useClass: TypeormRedirectConfigRepository }],
  exports: [TrafficService, RedirectConfigRepository],
})
export class TrafficModule {}
