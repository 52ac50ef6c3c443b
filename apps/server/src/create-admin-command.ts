import { parseArgs } from 'node:util';
import readline from 'node:readline';
import { createServices } from './composition/create-services';
import { openPlatform } from './composition/open-platform';
import { ConfigError, loadConfig } from './config';
import { migrate } from './db/migrate';
import { CreateAdminRefused, createFirstAdmin } from './modules/team/create-first-admin';

// `npm run create-admin -- --username NAME --email ADDRESS`: the first team admin of a site without one (decision
// record 070). The password is asked for (twice, not shown), or read from the first line of standard input when that
// is not a terminal (`printf '%s\n' "$PASSWORD" | npm run create-admin -- …`): never from an argument, which `ps` and
// the shell's history would show.

const USAGE = 'Usage: npm run create-admin -- --username NAME --email ADDRESS   (the password is asked for, or read from standard input)';

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const lines = readline.createInterface({ input: process.stdin });
    for await (const line of lines) {
      lines.close();
      return line;
    }
    return '';
  }
  const ask = (question: string) =>
    new Promise<string>((resolve) => {
      const prompt = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
      // Echo nothing of what is typed.
      (prompt as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => {
        if (s.startsWith(question)) process.stdout.write(question);
      };
      prompt.question(question, (answer) => {
        prompt.close();
        process.stdout.write('\n');
        resolve(answer);
      });
    });
  const first = await ask('Password: ');
  const second = await ask('The password again: ');
  if (first !== second) throw new CreateAdminRefused('The two passwords differ');
  return first;
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { username: { type: 'string' }, email: { type: 'string' }, help: { type: 'boolean' } }, strict: true });
  if (values.help || !values.username || !values.email) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  const config = loadConfig();
  if (!config.databaseUrl) console.log(`Embedded database in ${config.dataDir}: make sure the server is not running on it.`);
  const password = await readPassword();
  const platform = await openPlatform(config, { inProcessRateLimits: true });
  try {
    await migrate(platform.db);
    const services = createServices(platform);
    const { id } = await createFirstAdmin({ db: platform.db, now: platform.now, users: services.users, audit: services.audit }, { username: values.username, email: values.email, password });
    console.log(`Team admin "${values.username}" created (user ${id}).`);
    console.log(`Log in at ${config.publicUrl}/backoffice: the first visit sets up an authenticator app for two-factor sign-in.`);
    return 0;
  } finally {
    await platform.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof CreateAdminRefused || error instanceof ConfigError) console.error(error.message);
    else console.error(error);
    process.exit(1);
  },
);
