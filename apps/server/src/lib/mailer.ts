export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra header lines (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}

/** Where mail goes: SMTP when SMTP_URL is set, otherwise a developer-readable outbox folder. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
