import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { claimPgliteDirectory, DataDirectoryInUse } from './pglite-directory.ts';

/*
 * The embedded database's directory is one process's: a live holder refuses a second open (which
 * would corrupt it), a dead holder's lock is taken over, and a directory whose first start was cut
 * short is moved aside instead of aborting every start after it.
 */

const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'sunstamp-pglite-dir-'));
  dirs.push(d);
  return path.join(d, 'pglite');
};
afterEach(() => { for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true }); });

describe('claimPgliteDirectory', () => {
  it('refuses a directory another live process holds, naming it', async () => {
    const dir = tmp();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      fs.writeFileSync(`${dir}.lock`, `${holder.pid}\n`);
      expect(() => claimPgliteDirectory(dir)).toThrow(DataDirectoryInUse);
      expect(() => claimPgliteDirectory(dir)).toThrow(new RegExp(`pid ${holder.pid}`));
      expect(fs.readFileSync(`${dir}.lock`, 'utf8').trim()).toBe(String(holder.pid)); // left alone
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('takes over the lock of a process that is gone, and releases it', async () => {
    const dir = tmp();
    const gone = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((r) => gone.once('exit', r));
    fs.writeFileSync(`${dir}.lock`, `${gone.pid}\n`);
    const claim = claimPgliteDirectory(dir);
    expect(fs.readFileSync(`${dir}.lock`, 'utf8').trim()).toBe(String(process.pid));
    claim.release();
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
  });

  it('moves aside a directory whose first start never finished, keeping its files', () => {
    const dir = tmp();
    fs.mkdirSync(path.join(dir, 'base'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'postgresql.conf'), '# half an initdb\n');
    const claim = claimPgliteDirectory(dir, () => new Date('2026-11-27T03:00:00Z'));
    expect(claim.movedAside).toBe(`${dir}.incomplete-2026-11-27T03-00-00-000Z`);
    expect(fs.readFileSync(path.join(claim.movedAside!, 'postgresql.conf'), 'utf8')).toContain('half');
    expect(fs.existsSync(dir)).toBe(false);
    claim.release();
  });
});

describe.runIf(process.env.SUNSTAMP_TEST_DB !== 'postgres')('openDatabase on a PGlite directory', () => {
  it('holds the lock while open, opens again after close with the data kept, and refuses while another process holds it', async () => {
    const dir = tmp();
    const first = await openDatabase({ kind: 'pglite', dataDir: dir });
    expect(fs.readFileSync(`${dir}.lock`, 'utf8').trim()).toBe(String(process.pid));
    await first.exec('create table kept (v text); insert into kept values (\'still here\')');
    await first.close();
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);

    const again = await openDatabase({ kind: 'pglite', dataDir: dir });
    expect(await again.query<{ v: string }>('select v from kept')).toEqual([{ v: 'still here' }]);
    await again.close();

    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      fs.writeFileSync(`${dir}.lock`, `${holder.pid}\n`);
      await expect(openDatabase({ kind: 'pglite', dataDir: dir })).rejects.toThrow(DataDirectoryInUse);
    } finally {
      holder.kill('SIGKILL');
    }
  }, 120_000);
});
