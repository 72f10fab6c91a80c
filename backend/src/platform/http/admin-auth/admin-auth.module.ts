import { Global, Module } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { AppConfig } from '../../../config/env.js';
import { auditActions } from '../../audit/audit-actions.js';
import { AdminAuthGuard } from './admin-auth.guard.js';
import { AdminCredentials, resolveAdminCredentials } from './admin-credentials.js';
import { AdminMediaPass } from './admin-media-pass.js';
import { AdminLoginThrottle, TypeormAdminLoginThrottle } from './admin-login-throttle.js';
import { AdminNoCacheInterceptor } from './admin-no-cache.interceptor.js';
import { AdminPasswordCheck } from './admin-password-check.js';
import { AdminSessionController } from './admin-session.controller.js';
import { AdminSessionStore, AdminTokens, TypeormAdminSessionStore } from './admin-sessions.js';

/**
 * Admin credentials, the failure log, session tokens, login/logout, the global guard and the
 * no-cache interceptor for admin answers. Imported once, by AppModule; global for the
 * /media pass (the media files route lets admins see hidden items).
 */
@Global()
@Module({
  controllers: [AdminSessionController],
  providers: [
    { provide: AdminCredentials, useFactory: resolveAdminCredentials, inject: [AppConfig] },
    { provide: AdminLoginThrottle, useClass: TypeormAdminLoginThrottle },
    { provide: AdminSessionStore, useClass: TypeormAdminSessionStore },
    AdminPasswordCheck,
    AdminTokens,
    AdminMediaPass,
    AdminAuthGuard,
    // the same instance as a provider: configure-app also uses it to guard the API docs
    { provide: APP_GUARD, useExisting: AdminAuthGuard },
    { provide: APP_INTERCEPTOR, useClass: AdminNoCacheInterceptor },
    auditActions(['admin.login', 'admin.logout']),
  ],
  exports: [AdminMediaPass, AdminAuthGuard],
})
export class AdminAuthModule {}
