import { type DynamicModule, Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { AppConfig } from './config/env.js';
import { BackupsModule } from './modules/backups/backups.module.js';
import { AccountModule } from './modules/account/account.module.js';
import { AdsModule } from './modules/ads/ads.module.js';
import { BucketModule } from './modules/bucket/bucket.module.js';
import { MaintenanceModule } from './modules/maintenance/maintenance.module.js';
import { ModerationModule } from './modules/moderation/moderation.module.js';
import { MediaAdminModule } from './modules/media/admin/media-admin.module.js';
import { ProfileModule } from './modules/users/profile.module.js';
import { DataExportModule } from './modules/users/data-export/data-export.module.js';
import { UsersModule } from './modules/users/users.module.js';
import { VoteExportModule } from './modules/voting/export/vote-export.module.js';
import { PopulationModule } from './modules/voting/population/population.module.js';
import { JobsModule } from './platform/jobs/jobs.module.js';
import { MediaFilesModule } from './modules/media/media-files.module.js';
import { MediaModule } from './modules/media/media.module.js';
import { SessionModule } from './modules/session/session.module.js';
import { StatsModule } from './modules/stats/stats.module.js';
import { TrafficModule } from './modules/traffic/traffic.module.js';
import { VotingModule } from './modules/voting/voting.module.js';
import { CoreModule } from './platform/core.module.js';
import { BudgetModule } from './platform/budget/budget.module.js';
import { AuditModule } from './platform/audit/audit.module.js';
import { AdminAuthModule } from './platform/http/admin-auth/admin-auth.module.js';
import { LoggingModule } from './platform/logging/logging.module.js';
import { HealthChecks } from './platform/health/health-checks.js';
import { HealthController } from './platform/health/health.controller.js';
import { ThrottleModule } from './platform/http/throttle.module.js';
import { SiteController } from './platform/http/site.controller.js';
import { WebManifestController } from './platform/http/web-manifest.controller.js';
import { MailModule } from './platform/mail/mail.module.js';
import { MetricsModule } from './platform/metrics/metrics.module.js';
import { StorageModule } from './platform/storage/storage.module.js';
import { ShareModule } from './modules/share/share.module.js';

/** The API process. Built from a validated config so tests can start it on their own data dir. */
@Module({})
export class AppModule {
  static register(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.register(config),
        BudgetModule.register(config),
        LoggingModule.register(config.logLevel),
        ThrottleModule.register(config),
        // its own 'Health Check has failed!' line on every failed probe would repeat what OutageLog says once
        TerminusModule.forRoot({ logger: false }),
        StorageModule,
        MailModule.register(config),
        AdminAuthModule,
        AuditModule,
        SessionModule,
        MediaModule,
        MediaFilesModule,
        VotingModule,
        AdsModule,
        TrafficModule,
        JobsModule.register(config),
        MediaAdminModule,
        UsersModule,
        ProfileModule,
        AccountModule,
        DataExportModule,
        VoteExportModule,
        PopulationModule,
        BucketModule,
        MaintenanceModule,
        BackupsModule,
        StatsModule,
        ModerationModule,
        ShareModule,
        MetricsModule.register('api'),
      ],
      controllers: [HealthController, SiteController, WebManifestController],
      providers: [HealthChecks],
    };
  }
}
