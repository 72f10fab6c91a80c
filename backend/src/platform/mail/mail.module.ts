import { MailerModule, MailerService } from '@nestjs-modules/mailer';
import { type DynamicModule, Global, Module } from '@nestjs/common';
import path from 'node:path';
import { AppConfig } from '../../config/env.js';
import { Mailer } from './mailer.js';
import { OutboxMailer } from './outbox-mailer.js';
import { SmtpMailer } from './smtp-mailer.js';

@Global()
@Module({})
export class MailModule {
  static register(config: AppConfig): DynamicModule {
    if (!config.smtpUrl) {
      return {
        module: MailModule,
        providers: [
          {
            provide: Mailer,
            useFactory: () =>
              new OutboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom, config.nodeEnv !== 'production'),
          },
        ],
        exports: [Mailer],
      };
    }
    return {
      module: MailModule,
      imports: [MailerModule.forRoot({ transport: config.smtpUrl })],
      providers: [
        {
          provide: Mailer,
          useFactory: (m: MailerService) => new SmtpMailer(m, config.mailFrom),
          inject: [MailerService],
        },
      ],
      exports: [Mailer],
    };
  }
}
