import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { SessionCookies } from './identity/session-cookie.js';
import { VisitorGuard } from './identity/visitor.guard.js';
import { VisitorLookup } from './identity/visitor-lookup.js';
import { TypeormMagicLinkRepository } from './infrastructure/typeorm-magic-link.repository.js';
import { MagicLinkSender } from './magic-link-sender.js';
import { MagicLinkRepository } from './magic-link.repository.js';
import { OutboxBacklog } from './outbox-backlog.js';
import { SessionController } from './session.controller.js';
import { SessionService } from './session.service.js';

/**
 * Visitor identity: the session cookie and the guard every visitor route uses, magic links and
 * the sender that drains their outbox (in every process that runs jobs, so the worker imports
 * this module too; needs MailModule).
 */
@Module({
  imports: [UsersModule],
  controllers: [SessionController, AuthController],
  providers: [
    SessionService,
    AuthService,
    VisitorGuard,
    SessionCookies,
    VisitorLookup,
    MagicLinkSender,
    OutboxBacklog,
    { provide: MagicLinkRepository, useClass: TypeormMagicLinkRepository },
  ],
  // a guard is built in the module of the controller that uses it: its dependencies go along
  exports: [VisitorGuard, SessionCookies, VisitorLookup, UsersModule],
})
export class SessionModule {}
