import crypto from 'node:crypto';
import readline from 'node:readline/promises';
import { parseArgs } from 'node:util';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { ZEmail } from '@sunstamp/domain/contracts/auth';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { checkPasswordPolicy, hashPassword } from '../platform/passwords.ts';
import { seedReference } from '../db/seed/seed.ts';

/** npm run create-admin -- --email you@firm.com [--first Ada --last Lovelace] [--generate] */
const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    first: { type: 'string', default: '' },
    last: { type: 'string', default: '' },
    generate: { type: 'boolean', default: false },
  },
});
const email = ZEmail.safeParse(values.email ?? '');
if (!email.success) {
  console.error('Usage: npm run create-admin -- --email you@example.com [--first NAME] [--last NAME] [--generate]');
  process.exit(2);
}
const config = loadConfig();
let password: string;
if (values.generate || !process.stdin.isTTY) {
  password = crypto.randomBytes(18).toString('base64url');
} else {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  password = await rl.question('Password (empty to generate one): ');
  rl.close();
  if (!password) password = crypto.randomBytes(18).toString('base64url');
}
try {
  await checkPasswordPolicy(password, { email: email.data });
} catch (e) {
  console.error((e as Error).message);
  process.exit(2);
}
const database = config.databaseUrl
  ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
  : await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') });
await seedReference(database);
const [existing] = await database.db.select().from(users).where(eq(users.email, email.data));
if (existing) {
  console.error(`A user with the email ${email.data} already exists.`);
  await database.close();
  process.exit(1);
}
await database.db.insert(users).values({
  email: email.data,
  role: 'admin',
  firstName: values.first!,
  lastName: values.last!,
  passwordHash: await hashPassword(password),
  verifiedEmail: true,
  needsOnboarding: true,
});
await database.close();
console.log(`Admin ${email.data} created.`);
if (values.generate || !process.stdin.isTTY) console.log(`Generated password: ${password}`);
