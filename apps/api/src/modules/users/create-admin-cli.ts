// npm run admin:create -- --email a@b.in --name "Full Name" (password from ADMIN_PASSWORD or --password):
// makes the first admin account on the configured database, for deployments started with SEED_DEMO=false.
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { registerRequestSchema } from '@portal/contract';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { HttpError } from '../../core/http-error';
import { createAdminAccount } from './service';

const USAGE = `Usage: npm run admin:create -- --email <email> --name "<full name>" [--password <password>]
  or set ADMIN_EMAIL, ADMIN_NAME and ADMIN_PASSWORD (prefer the variable for the password: arguments show in ps).
  The database is the one the server uses: DATABASE_URL, or DATA_DIR for the embedded one.`;

export interface CliOutput {
  log(message: string): void;
  error(message: string): void;
}

/** Runs the command and answers its exit code. */
export async function runCreateAdmin(
  argv: string[],
  env: NodeJS.ProcessEnv,
  out: CliOutput = console,
): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        name: { type: 'string' },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    out.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    out.log(USAGE);
    return 0;
  }
  const parsed = registerRequestSchema.safeParse({
    email: values.email ?? env.ADMIN_EMAIL,
    password: values.password ?? env.ADMIN_PASSWORD,
    full_name: values.name ?? env.ADMIN_NAME,
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    out.error(`Cannot create the admin:\n${problems}\n${USAGE}`);
    return 2;
  }

  const config = loadConfig(env);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const admin = await createAdminAccount(database.db, parsed.data);
    out.log(`Admin account created: ${admin.email} (${admin.full_name}) on the ${database.kind} database.`);
    return 0;
  } catch (error) {
    if (error instanceof HttpError) {
      out.error(`Cannot create the admin: ${error.detail}`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await runCreateAdmin(process.argv.slice(2), process.env);
}
