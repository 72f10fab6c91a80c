import { MailerService } from '@nestjs-modules/mailer';
import { Mailer, type MailMessage } from './mailer.js';

/** SMTP_URL set: real delivery through @nestjs-modules/mailer (nodemailer underneath). */
export class SmtpMailer extends Mailer {
  constructor(
    private readonly mailer: MailerService,
    private readonly from: string,
  ) {
    super();
  }

  async send(message: MailMessage): Promise<void> {
    await this.mailer.sendMail({ from: this.from, ...message });
  }
}
