import { Module } from '@nestjs/common';
import { auditActions } from '../../platform/audit/audit-actions.js';
import { MediaModule } from '../media/media.module.js';
import { ShareModule } from '../share/share.module.js';
import { SessionModule } from '../session/session.module.js';
import { UsersModule } from '../users/users.module.js';
import { VotingModule } from '../voting/voting.module.js';
import { AccountDeletionController } from './account-deletion.controller.js';
import { ACCOUNT_DELETE, ACCOUNT_DELETED, AccountDeletionService } from './account-deletion.service.js';
import { AccountDeletionAdminController } from './admin/account-deletion-admin.controller.js';
import { DeleteAccountJob } from './delete-account.job.js';

/**
 * Account deletion (issue 27): the visitor's and the operator's routes, and the job that deletes
 * what the account owns through each owner's port (media's uploads, voting's votes, share's visits, users' user).
 * The worker imports it too, so the job runs where jobs run.
 */
@Module({
  imports: [UsersModule, SessionModule, MediaModule, VotingModule, ShareModule],
  controllers: [AccountDeletionController, AccountDeletionAdminController],
  providers: [AccountDeletionService, DeleteAccountJob, auditActions([ACCOUNT_DELETE, ACCOUNT_DELETED])],
})
export class AccountModule {}
