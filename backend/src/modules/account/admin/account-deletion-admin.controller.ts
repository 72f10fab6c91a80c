import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiTags } from '@nestjs/swagger';
import type { AuditActor } from '../../../platform/audit/audit-entry.js';
import { Actor, Audited } from '../../../platform/audit/audited.js';
import { AdminOnly } from '../../../platform/http/admin-auth/admin-routes.js';
import { IdParam } from '../../../platform/http/id-param.js';
import { ACCOUNT_DELETE, AccountDeletionService } from '../account-deletion.service.js';
import { AccountDeletionDto } from '../dto/delete-account.dto.js';

@ApiTags('admin')
@AdminOnly()
@Controller('api/admin')
export class AccountDeletionAdminController {
  constructor(private readonly deletions: AccountDeletionService) {}

  /**
   * The Users page's "Delete account": what the visitor's own deletion does (sessions end at once,
   * the rest in a background job the Jobs list follows). Audited without naming the account.
   */
  @Post('users/:id/delete')
  @HttpCode(202)
  @Audited({
    action: ACCOUNT_DELETE,
    target: () => 'an account',
    detail: (_req, r: AccountDeletionDto) => `deletion started (job ${r.jobId})`,
  })
  @ApiAcceptedResponse({
    type: AccountDeletionDto,
    description: '404 when there is no such user; 409 for a system user (imported media, populated votes)',
  })
  delete(@Param('id', IdParam) id: number, @Actor() actor: AuditActor): Promise<AccountDeletionDto> {
    return this.deletions.deleteByAdmin(id, actor);
  }
}
