import { Module } from '@nestjs/common';
import { TypeormMagicLinkRepository } from './infrastructure/typeorm-magic-link.repository.js';
import { MagicLinkSender } from './magic-link-sender.js';
import { MagicLinkRepository } from './magic-link.repository.js';
import { OutboxBacklog } from './outbox-backlog.js';

/** The magic-link tables and the sender that drains their outbox; the worker runs it too. Needs MailModule. */
@Module({
  providers: [MagicLinkSender, OutboxBacklog, { provide: MagicLinkRepository, useClass: TypeormMagicLinkRepository }],
  exports: [MagicLinkSender, MagicLinkRepository],
})
export class MagicLinkMailModule {}
