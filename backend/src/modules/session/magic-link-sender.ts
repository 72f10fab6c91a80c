import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../../config/env.js';
import { BackgroundWork } from '../../platform/background-work.js';
import { PollLoop } from '../../platform/jobs/poll-loop.js';
import { OutageLog } from '../../platform/logging/outage-log.js';
import { Mailer, type MailMessage } from '../../platform/mail/mailer.js';
import { escapeHtml } from './domain/escape-html.js';
import { MagicLinkRepository, type QueuedLinkMail } from './magic-link.repository.js';

/** How often an idle sender looks for mail queued by another process or due for a retry. */
const POLL_MS = 1_000;
/** A claimed mail another sender may take over after this (its sender died mid-send). */
const LEASE_MS = 60_000;
const MAX_ATTEMPTS = 5;
/** Retry after 10 s, 20 s, 40 s, ...: an SMTP hiccup does not lose the link. */
const retryDelayMs = (attempts: number) => 10_000 * 2 ** (attempts - 1);

/** Connection-level failures (nodemailer's codes): the relay is away, not this one message refused. */
const isRelayUnreachable = (err: unknown) =>
  ['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'ECONNRESET'].includes(
    String((err as { code?: unknown })?.code),
  );

/**
 * Sends the queued magic-link mail, outside any request: in every process that runs jobs (the
 * API unless RUN_JOBS=false, and the worker). A request that queued mail wakes the sender of its
 * own process at once; others find the row on their next poll.
 */
@Injectable()
export class MagicLinkSender implements OnApplicationBootstrap {
  private readonly logger = new Logger('MagicLinkSender');
  private readonly loop = new PollLoop(
    () => this.drain(),
    (err) => this.outages.report(err, () => this.logger.error({ msg: 'Magic-link mail queue failed', err })),
  );

  constructor(
    private readonly links: MagicLinkRepository,
    private readonly mailer: Mailer,
    private readonly config: AppConfig,
    private readonly outages: OutageLog,
    private readonly work: BackgroundWork,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.runJobs) return;
    this.loop.start(POLL_MS);
    this.work.register('magic-link sender', 'intake', () => this.loop.stop());
  }

  /** Sends what is due now; calls arriving meanwhile make it look once more afterwards. */
  kick(): void {
    this.loop.kick();
  }

  /** Sends every mail due, one at a time; answers when none is left. */
  async drain(): Promise<void> {
    while (!this.loop.stopped) {
      const mail = await this.links.claimMail(LEASE_MS);
      if (!mail) return;
      await this.deliver(mail);
    }
  }

  private async deliver(mail: QueuedLinkMail): Promise<void> {
    if (mail.username === null || mail.token === null) {
      await this.links.mailSent(mail.id); // an address without an account: nothing to send
      return;
    }
    try {
      await this.mailer.send(this.render(mail, mail.username, mail.token));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const last = mail.attempts >= MAX_ATTEMPTS;
      // the relay unreachable is one outage (logged when it starts and ends), not a line per mail
      if (isRelayUnreachable(err)) this.outages.failed('mail', err);
      if (last || !isRelayUnreachable(err))
        this.logger.warn({
          msg: `Magic-link mail ${mail.id} attempt ${mail.attempts} failed${last ? ', giving up' : ''}`,
          mail: mail.id,
          attempt: mail.attempts,
          reason: message,
        });
      await this.links.mailFailed(mail.id, message, last ? null : new Date(Date.now() + retryDelayMs(mail.attempts)));
      return;
    }
    this.outages.recovered('mail');
    await this.links.mailSent(mail.id);
    this.logger.log({ msg: `Magic-link mail (${mail.purpose}) ${mail.id} sent`, mail: mail.id, purpose: mail.purpose });
  }

  private render(mail: QueuedLinkMail, username: string, token: string): MailMessage {
    const link = `${this.config.publicUrl}/api/auth/magic-link?token=${token}`;
    const action = mail.purpose === 'verify' ? 'save your account' : 'log in to your account';
    // anyone can name any address: the time lets the reader tell a link they asked for from one they did not
    const asked = `This link was asked for on ${mail.requestedAt.toISOString().slice(0, 10)} at ${mail.requestedAt.toISOString().slice(11, 16)} UTC.`;
    return {
      to: mail.recipient,
      subject: mail.purpose === 'verify' ? "Save your How's my Vibe? account" : "Your How's my Vibe? login link",
      text: `Hi ${username},\n\nOpen this link to ${action}:\n${link}\n\n${asked} The link works once and expires in 15 minutes. If you did not ask for it, ignore this message.\n`,
      html: `<p>Hi ${escapeHtml(username)},</p><p><a href="${link}">Click here to ${action}</a>.</p><p>${asked} The link works once and expires in 15 minutes. If you did not ask for it, ignore this message.</p>`,
    };
  }
}
