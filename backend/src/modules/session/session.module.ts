import { Module } from '@nestjs/common';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { VisitorGuard } from './identity/visitor.guard.js';
import { TypeormMagicLinkRepository } from './infrastructure/typeorm-magic-link.repository.js';
import { TypeormUserRepository } from './infrastructure/typeorm-user.repository.js';
import { MagicLinkRepository } from './magic-link.repository.js';
import { SessionController } from './session.controller.js';
import { SessionService } from './session.service.js';
import { UserRepository } from './user.repository.js';

/** Visitor identity: sessions, profiles, magic links, and the guard other modules use. */
@Module({
  controllers: [SessionController, AuthController],
  providers: [
    SessionService,
    AuthService,
    VisitorGuard,
    { provide: UserRepository, useClass: TypeormUserRepository },
    { provide: MagicLinkRepository, useClass: TypeormMagicLinkRepository },
  ],
  exports: [UserRepository, VisitorGuard],
})
export class SessionModule {}
