import { Module } from '@nestjs/common';
import { SessionModule } from '../../session/session.module.js';
import { UsersModule } from '../users.module.js';
import { DataExportController } from './data-export.controller.js';
import { DataExportRepository } from './data-export.repository.js';
import { DataExportService } from './data-export.service.js';
import { TypeormDataExportRepository } from './infrastructure/typeorm-data-export.repository.js';

/** "Download my data": a visitor's own account as a streamed zip (issue 27). */
@Module({
  imports: [UsersModule, SessionModule],
  controllers: [DataExportController],
  providers: [DataExportService, { provide: DataExportRepository, useClass: TypeormDataExportRepository }],
})
export class DataExportModule {}
