import { OnJob } from '../../platform/jobs/on-job.js';
import type { JobContext, JobHandler } from '../../platform/jobs/job-queue.js';
import { AccountDeletionService, DELETE_ACCOUNT, type DeleteAccountPayload } from './account-deletion.service.js';
import { AccountDeletedDto } from './dto/delete-account.dto.js';

/**
 * Deletes a user marked for deletion: uploads (files, then rows), votes and views (off the
 * tallies), then the user. Every step is a batch that commits whole, so a retry or a take-over
 * after kill -9 goes on with what is left and does nothing twice.
 */
@OnJob(DELETE_ACCOUNT)
export class DeleteAccountJob implements JobHandler<DeleteAccountPayload, AccountDeletedDto> {
  constructor(private readonly deletions: AccountDeletionService) {}

  run(payload: DeleteAccountPayload, ctx: JobContext): Promise<AccountDeletedDto> {
    return this.deletions.erase(payload, ctx);
  }
}
