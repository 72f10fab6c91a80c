import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { redactTokens } from '../logging/redact-tokens.js';
import { Mailer, type MailMessage } from './mailer.js';

/**
 * Embedded default: each message becomes an .eml file in DATA_DIR/outbox (open it in any mail
 * client: the link is there). Outside production the log also names the recipient and the link,
 * its token redacted; no log line carries a live sign-in link in any mode.
 */
export class OutboxMailer extends Mailer {
  private readonly logger = new Logger('OutboxMailer');
  private readonly transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  constructor(
    private readonly dir: string,
    private readonly from: string,
    private readonly logLinks: boolean,
  ) {
    super();
  }

  async send(message: MailMessage): Promise<void> {
    const info = await this.transport.sendMail({ from: this.from, ...message });
    await fs.mkdir(this.dir, { recursive: true });
    const file = path.join(
      this.dir,
      `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`,
    );
    // written beside and renamed: whoever watches the folder (a developer, the e2e run) never opens a half-written .eml
    await fs.writeFile(`${file}.part`, info.message as Buffer);
    await fs.rename(`${file}.part`, file);
    if (!this.logLinks) {
      this.logger.log(`Mail written to ${file}`);
      return;
    }
    const link = message.text.match(/https?:\/\/\S+/)?.[0];
    this.logger.log(`Mail to ${message.to} written to ${file}${link ? `; link: ${redactTokens(link)}` : ''}`);
  }
}
