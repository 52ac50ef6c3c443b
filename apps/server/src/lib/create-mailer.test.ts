import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createMailer, fromAddressFor } from './create-mailer';

interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

describe('createMailer', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'velora-mailer-'));
  });
  afterAll(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('sends from no-reply at the host of PUBLIC_URL', () => {
    expect(fromAddressFor({ publicUrl: 'https://www.velora.example:8443' })).toBe('Velora <no-reply@www.velora.example>');
  });

  describe('with SMTP_URL', () => {
    const received: Received[] = [];
    let server: SMTPServer;
    let port: number;

    beforeAll(async () => {
      server = new SMTPServer({
        authOptional: true,
        // No TLS in the test: the server's built-in certificate is self-signed.
        disabledCommands: ['STARTTLS'],
        logger: false,
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
              to: session.envelope.rcptTo.map((r) => r.address),
              raw: Buffer.concat(chunks).toString('utf8'),
            });
            callback();
          });
        },
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.server.address() as AddressInfo).port;
    });
    afterAll(async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    it('delivers the mail with its subject and text to the SMTP server', async () => {
      const config = loadConfig({ SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: 'https://www.velora.example', NODE_ENV: 'production', DATA_DIR: dataDir });
      const mailer = await createMailer(config);
      try {
        await mailer.send({ to: 'ada@example.com', subject: 'Welcome to Velora', text: 'Hello Ada, your account is ready.' });
      } finally {
        await mailer.close();
      }
      expect(received).toHaveLength(1);
      const mail = received[0]!;
      expect(mail.from).toBe('no-reply@www.velora.example');
      expect(mail.to).toEqual(['ada@example.com']);
      expect(mail.raw).toMatch(/^Subject: Welcome to Velora\r?$/m);
      expect(mail.raw).toMatch(/^From: Velora <no-reply@www\.velora\.example>\r?$/m);
      expect(mail.raw).toContain('Hello Ada, your account is ready.');
      // Nothing is written to the outbox when SMTP is configured.
      await expect(fs.readdir(path.join(dataDir, 'outbox'))).rejects.toThrow();
    });
  });

  describe('without SMTP_URL', () => {
    it('writes each mail as a readable .eml file in DATA_DIR/outbox and names the file on one line', async () => {
      const config = loadConfig({ PUBLIC_URL: 'http://localhost:8080', DATA_DIR: dataDir });
      const lines: string[] = [];
      const mailer = await createMailer(config, { announce: (line) => lines.push(line) });
      await mailer.send({ to: 'ada@example.com', subject: 'Reset your Velora password', text: 'Choose a new password.' });
      await mailer.send({ to: 'bob@example.com', subject: 'Welcome to Velora', text: 'Hello Bob.' });
      await mailer.close();

      const outbox = path.join(dataDir, 'outbox');
      const files = (await fs.readdir(outbox)).sort();
      expect(files).toHaveLength(2);
      for (const f of files) expect(f).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-.*\.eml$/);

      const first = await fs.readFile(path.join(outbox, files[0]!), 'utf8');
      expect(first).toMatch(/^From: Velora <no-reply@localhost>$/m);
      expect(first).toMatch(/^To: ada@example\.com$/m);
      expect(first).toMatch(/^Subject: Reset your Velora password$/m);
      expect(first).toContain('Choose a new password.');

      expect(lines).toHaveLength(2);
      expect(lines[0]).not.toContain('\n');
      expect(lines[0]).toContain(path.join(outbox, files[0]!));
    });
  });
});
