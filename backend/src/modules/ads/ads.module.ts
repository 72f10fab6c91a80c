import { Module } from '@nestjs/common';
import { AdConfigRepository } from './ad-config.repository.js';
import { AdsController } from './ads.controller.js';
import { AdsService } from './ads.service.js';
import { TypeormAdConfigRepository } from './infrastructure/typeorm-ad-config.repository.js';

@Module({
  controllers: [AdsController],
  providers: [AdsService, { provide: AdConfigRepository, useClass: TypeormAdConfigRepository }],
  exports: [AdsService, AdConfigRepository],
})
export class AdsModule {}
