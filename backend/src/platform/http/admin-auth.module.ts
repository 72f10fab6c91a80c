import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AppConfig } from '../../config/env.js';
import { AdminAuthGuard, AdminCredentials, AdminPasswordCheck, resolveAdminCredentials } from './admin-auth.js';
import { AdminLoginThrottle, TypeormAdminLoginThrottle } from './admin-login-throttle.js';
import { AdminSessionController } from './admin-session.controller.js';
import { AdminSessionStore, AdminTokens, TypeormAdminSessionStore } from './admin-sessions.js';

/** Admin credentials, the failure log, session tokens, login/logout and the global guard. Imported once, by AppModule. */
@Module({
  controllers: [AdminSessionController],
  providers: [
    { provide: AdminCredentials, useFactory: resolveAdminCredentials, inject: [AppConfig] },
    { provide: AdminLoginThrottle, useClass: TypeormAdminLoginThrottle },
    { provide: AdminSessionStore, useClass: TypeormAdminSessionStore },
    AdminPasswordCheck,
    AdminTokens,
    AdminAuthGuard,
    // the same instance as a provider: configure-app also uses it to guard the API docs
    { provide: APP_GUARD, useExisting: AdminAuthGuard },
  ],
})
export class AdminAuthModule {}
