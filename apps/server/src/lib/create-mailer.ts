import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { PRODUCT_NAME } from '@velora/shared';
import type { Config } from '../config';
import type { MailMessage, Mailer } from './mailer';

export interface CreateMailerOptions {
  /** Where the outbox announces each written file; stdout by default so a developer sees it in the server's output. */
  announce?: (line: string) => void;
}

/** The sender address: no-reply at the host of PUBLIC_URL, so links and sender agree. */
export function fromAddressFor(config: Pick<Config, 'publicUrl'>): string {
  return `${PRODUCT_NAME} <no-reply@${new URL(config.publicUrl).hostname}>`;
}

/** SMTP when SMTP_URL is set; otherwise an outbox folder of .eml files, so development needs no mail server. */
export async function createMailer(config: Config, options: CreateMailerOptions = {}): Promise<Mailer> {
  const from = fromAddressFor(config);
  if (config.smtpUrl) return createSmtpMailer(config.smtpUrl, from);
  return createOutboxMailer(path.join(config.dataDir, 'outbox'), from, options.announce);
}

function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl, { from });
  return {
    async send(message: MailMessage) {
      await transport.sendMail({ to: message.to, subject: message.subject, text: message.text, html: message.html, headers: message.headers });
    },
    async close() {
      transport.close();
    },
  };
}

const toStdout = (line: string) => {
  process.stdout.write(`${line}\n`);
};

async function createOutboxMailer(dir: string, from: string, announce: (line: string) => void = toStdout): Promise<Mailer> {
  await fs.mkdir(dir, { recursive: true });
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }, { from });
  let sequence = 0;
  return {
    async send(message: MailMessage) {
      const info = await transport.sendMail({ to: message.to, subject: message.subject, text: message.text, html: message.html, headers: message.headers });
      // The ISO timestamp first makes `ls` list the mail in the order it was sent; ':' is not allowed in Windows file names.
      const stamp = new Date().toISOString().replace(/:/g, '-');
      sequence = (sequence + 1) % 1000;
      const slug = message.subject.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40) || 'mail';
      const file = path.join(dir, `${stamp}-${String(sequence).padStart(3, '0')}-${slug}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      announce(`mail to ${message.to} ("${message.subject}") written to ${file}`);
    },
    async close() {
      transport.close();
    },
  };
}
