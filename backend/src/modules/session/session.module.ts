import { Module } from '@nestjs/common';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { SessionCookies } from './identity/session-cookie.js';
import { VisitorGuard } from './identity/visitor.guard.js';
import { VisitorLookup } from './identity/visitor-lookup.js';
import { TypeormUserRepository } from './infrastructure/typeorm-user.repository.js';
import { MagicLinkMailModule } from './magic-link-mail.module.js';
import { SessionController } from './session.controller.js';
import { SessionService } from './session.service.js';
import { UserRepository } from './user.repository.js';

/** Visitor identity: sessions, profiles, magic links, and the guard other modules use. */
@Module({
  imports: [MagicLinkMailModule],
  controllers: [SessionController, AuthController],
  providers: [
    SessionService,
    AuthService,
    VisitorGuard,
    SessionCookies,
    VisitorLookup,
    { provide: UserRepository, useClass: TypeormUserRepository },
  ],
  exports: [UserRepository, VisitorGuard, SessionCookies, VisitorLookup],
})
export class SessionModule {}
