import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { AppConfig } from '../../config/env.js';
import type { AuditActor } from '../../platform/audit/audit-entry.js';
import { AuditLog } from '../../platform/audit/audit-log.js';
import { BackgroundWork } from '../../platform/background-work.js';
import { badRequest, conflict, notFound } from '../../platform/domain-error.js';
import {
  type JobContext,
  JobInterrupted,
  JobQueue,
  JobRunningError,
  type JobView,
} from '../../platform/jobs/job-queue.js';
import { PollLoop } from '../../platform/jobs/poll-loop.js';
import { OutageLog } from '../../platform/logging/outage-log.js';
import { MediaService } from '../media/media.service.js';
import { Users } from '../users/users.js';
import { ShareVisitsErasure } from '../share/share-visits-erasure.js';
import { VoterErasure } from '../voting/voter-erasure.js';
import {
  UPLOADS_PER_STEP,
  VOTES_PER_STEP,
  confirmationProblem,
  deletionPercent,
} from './domain/deletion-confirmation.js';
import type { AccountDeletedDto, AccountDeletionDto } from './dto/delete-account.dto.js';

export const DELETE_ACCOUNT = 'delete-account';

/** Audit codes: an operator asked for a deletion; an account's deletion finished (whoever asked). */
export const ACCOUNT_DELETE = 'account.delete';
export const ACCOUNT_DELETED = 'account.deleted';

/** Who asked, as the audit row names them: the account holder, or the operator (never the account). */
const ACCOUNT_HOLDER: AuditActor = { admin: '(the account holder)', clientAddress: '' };

export interface DeleteAccountPayload {
  userId: number;
  /** what there was when it was asked: the progress bar's whole */
  uploads: number;
  votes: number;
  /** the audit row's actor */
  by: AuditActor;
  [key: string]: unknown;
}

/** How often a process that could not queue a leftover deletion (database or queue down at start) tries again. */
const RETRY_MS = 60_000;

/**
 * "Delete my account" (issue 27), for the visitor and for the admin's Users page. The request
 * marks the user (sessions ended, e-mail freed: the account opens nothing and nothing new can
 * attach to it) and queues the job; the job deletes uploads, votes and views in batches and
 * then the user, with the audit row, in one transaction. A process that runs jobs queues again,
 * at start, any deletion a crash left without its job.
 */
@Injectable()
export class AccountDeletionService implements OnApplicationBootstrap {
  private readonly logger = new Logger('AccountDeletion');
  private readonly loop = new PollLoop(
    () => this.resumeLeftovers(),
    (err) =>
      this.outages.report(err, () =>
        this.logger.warn({ msg: 'Could not look for unfinished account deletions; will try again', err }),
      ),
  );
  private settled = false;

  constructor(
    private readonly users: Users,
    private readonly media: MediaService,
    private readonly votes: VoterErasure,
    private readonly shareVisits: ShareVisitsErasure,
    private readonly jobs: JobQueue,
    private readonly audit: AuditLog,
    private readonly config: AppConfig,
    private readonly work: BackgroundWork,
    private readonly outages: OutageLog,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.runJobs) return;
    this.loop.start(RETRY_MS);
    this.work.register('account deletions resume', 'intake', () => this.loop.stop());
  }

  /** The visitor's own deletion: 400 unless the username typed out is theirs. */
  async deleteOwn(user: { id: number; username: string }, typed: string): Promise<AccountDeletionDto> {
    const problem = confirmationProblem(typed, user.username);
    if (problem) throw badRequest(problem);
    return this.start(user.id, ACCOUNT_HOLDER);
  }

  /** The operator's deletion (Users page); asking again for an account still being deleted queues it again. */
  async deleteByAdmin(userId: number, actor: AuditActor): Promise<AccountDeletionDto> {
    return this.start(userId, { admin: actor.admin, clientAddress: actor.clientAddress });
  }

  private async start(userId: number, by: AuditActor): Promise<AccountDeletionDto> {
    const marked = await this.users.markDeleting(userId);
    if (marked === 'missing') throw notFound('User not found');
    if (marked === 'system')
      throw conflict('This is a system user (imported media, populated votes): it has no account to delete');
    const [uploads, votes] = [await this.media.countUploadsOf(userId), await this.votes.votesOf(userId)];
    const job = await this.enqueue({ userId, uploads, votes, by });
    return { jobId: job.id, uploads, votes };
  }

  private async enqueue(payload: DeleteAccountPayload): Promise<JobView> {
    try {
      return await this.jobs.enqueue(DELETE_ACCOUNT, payload, { exclusiveKey: `${DELETE_ACCOUNT}:${payload.userId}` });
    } catch (err) {
      if (err instanceof JobRunningError) return (await this.jobs.get(err.jobId))!;
      throw err;
    }
  }

  /** Queues a job for every user left marked (its request or its job died); once per start. */
  async resumeLeftovers(): Promise<void> {
    if (this.settled || this.loop.stopped) return;
    for (const userId of await this.users.stillDeleting()) {
      const [uploads, votes] = [await this.media.countUploadsOf(userId), await this.votes.votesOf(userId)];
      const job = await this.enqueue({ userId, uploads, votes, by: ACCOUNT_HOLDER });
      this.logger.log({ msg: 'Resuming an account deletion left unfinished', jobId: job.id });
    }
    this.settled = true;
  }

  /** The job's work; see DeleteAccountJob. */
  async erase(payload: DeleteAccountPayload, ctx: JobContext): Promise<AccountDeletedDto> {
    const userId = Number(payload.userId);
    const total = { uploads: Number(payload.uploads) || 0, votes: Number(payload.votes) || 0 };
    const result = { uploadsDeleted: 0, votesDeleted: 0, viewsDeleted: 0, accountDeleted: false };
    // what an earlier attempt deleted counts as done: the bar goes on from where it was
    const left = { uploads: await this.media.countUploadsOf(userId), votes: await this.votes.votesOf(userId) };
    const done = { uploads: Math.max(0, total.uploads - left.uploads), votes: Math.max(0, total.votes - left.votes) };
    const report = () =>
      ctx.progress({
        percent: deletionPercent(done, total),
        uploadsDeleted: done.uploads,
        totalUploads: total.uploads,
        votesDeleted: done.votes,
        totalVotes: total.votes,
      });
    const step = async () => {
      if (ctx.signal.aborted) throw new JobInterrupted();
      await report();
      await nextTurn(); // PGlite answers without yielding: let requests in between steps
    };
    await report();
    for (;;) {
      for (let n; (n = await this.media.eraseUploadsOf(userId, UPLOADS_PER_STEP)) > 0; await step()) {
        result.uploadsDeleted += n;
        done.uploads += n;
      }
      for (;;) {
        const erased = await this.votes.eraseBatch(userId, VOTES_PER_STEP);
        if (!erased.votes && !erased.views) break;
        result.votesDeleted += erased.votes;
        result.viewsDeleted += erased.views;
        done.votes += erased.votes;
        await step();
      }
      // their visits through others' share links, off the links' counters (a few rows: one statement)
      await this.shareVisits.eraseVisitsOf(userId);
      const outcome = await this.users.deleteMarked(userId, (tx) =>
        this.audit.record(
          {
            actor: payload.by ?? ACCOUNT_HOLDER,
            action: ACCOUNT_DELETED,
            target: 'an account',
            outcome: 'ok',
            detail: `an account was deleted with ${total.uploads} upload(s) and ${total.votes} vote(s)`,
          },
          tx,
        ),
      );
      // an upload or a vote that was under way when the account was marked landed: erase again
      if (outcome === 'more') continue;
      result.accountDeleted = outcome === 'gone';
      done.uploads = total.uploads;
      done.votes = total.votes;
      await report();
      return result;
    }
  }
}
