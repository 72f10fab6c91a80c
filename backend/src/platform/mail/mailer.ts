export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends transactional mail (magic links). */
export abstract class Mailer {
  abstract send(message: MailMessage): Promise<void>;
}
