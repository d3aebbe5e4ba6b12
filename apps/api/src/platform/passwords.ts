import { hash, verify } from '@node-rs/argon2';
import { PASSWORD_MIN_LENGTH } from '@sunstamp/domain/constants/auth.constants';
import { badRequest } from './errors.ts';

// Argon2id (algorithm 2) with OWASP's second recommended profile: 19 MiB, 2 passes, 1 lane.
const ARGON2 = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

// The well-known passwords (zxcvbn's list), read the first time a password is set rather than at
// every start of the server (the list is a large module and a Set built from it).
let common: Promise<Set<string>> | undefined;
const commonPasswords = () =>
  (common ??= import('@zxcvbn-ts/language-common').then((m) => {
    // A CommonJS package: Node's import gives its named exports, the API's bundle (esbuild, with
    // npm packages bundled) only `default`.
    const { dictionary } = m.dictionary ? m : (m as unknown as { default: typeof m }).default;
    return new Set((dictionary as { passwords: string[] }).passwords.map((p) => p.toLowerCase()));
  }));

export async function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) return false;
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** The policy applied wherever a password is set: a minimum length and no well-known password. */
export async function checkPasswordPolicy(password: string, context: { email?: string } = {}): Promise<void> {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push(`Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`);
  if ((await commonPasswords()).has(password.toLowerCase())) problems.push('This password is too common. Choose a less guessable one.');
  const local = context.email?.split('@')[0]?.toLowerCase();
  if (local && local.length >= 4 && password.toLowerCase().includes(local)) problems.push('Password must not contain your email address.');
  if (problems.length) throw badRequest(problems[0]!, [{ password: problems.join(' ') }]);
}

// A hash to verify against when the account does not exist, so timing does not reveal which emails exist.
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash() {
  dummyHash ??= hashPassword('not-a-real-password-' + Math.random());
  return dummyHash;
}
