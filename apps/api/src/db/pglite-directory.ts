import fs from 'node:fs';
import path from 'node:path';

/*
 * The embedded database's directory, guarded. PGlite takes no lock of its own: two processes that
 * open one directory both succeed, both write, and the directory is left unreadable (the next open
 * dies with a bare "RuntimeError: Aborted()" from the WASM; pglite issues #884, #1106). A server
 * killed with kill -9 is not the danger (PGlite replays its WAL on the next open, measured: twelve
 * kills mid-write, twelve clean reopens); a second process on a live directory is, such as a
 * create-admin run beside the server, or a server left running as an orphan. So:
 *
 * - `claimPgliteDirectory` writes `<dir>.lock` with our pid (created exclusively). A lock whose
 *   process is alive refuses the open and names that process; a stale one (its process gone) is
 *   taken over. The lock goes with the process or with `release()`.
 * - A directory that initdb never finished (killed during the first start: files, but no
 *   PG_VERSION or global/pg_control) cannot be opened; it holds no data anyone saved, and is moved
 *   aside (never deleted) so the start initialises a new one.
 */

export class DataDirectoryInUse extends Error {
  constructor(readonly dataDir: string, readonly pid: number) {
    super(`The embedded database at ${dataDir} is open in another process (pid ${pid}). Stop that process first: two processes on one PGlite directory corrupt it.`);
    this.name = 'DataDirectoryInUse';
  }
}

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface DirectoryClaim {
  /** Set when an unfinished directory was moved aside: where it went. */
  movedAside: string | null;
  release(): void;
}

export function claimPgliteDirectory(dataDir: string, now: () => Date = () => new Date()): DirectoryClaim {
  const lock = `${dataDir.replace(/[/\\]+$/, '')}.lock`;
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  for (let tries = 0; ; tries++) {
    try {
      fs.writeFileSync(lock, `${process.pid}\n`, { flag: 'wx' });
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || tries > 2) throw e;
      const pid = Number.parseInt(fs.readFileSync(lock, 'utf8'), 10);
      if (pid !== process.pid && alive(pid)) throw new DataDirectoryInUse(dataDir, pid);
      fs.rmSync(lock, { force: true }); // stale (or our own from an earlier open in this process)
    }
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    try {
      if (Number.parseInt(fs.readFileSync(lock, 'utf8'), 10) === process.pid) fs.rmSync(lock, { force: true });
    } catch { /* already gone */ }
  };
  process.on('exit', release);

  let movedAside: string | null = null;
  const entries = fs.existsSync(dataDir) ? fs.readdirSync(dataDir) : [];
  const initialised = fs.existsSync(path.join(dataDir, 'PG_VERSION')) && fs.existsSync(path.join(dataDir, 'global', 'pg_control'));
  if (entries.length > 0 && !initialised) {
    movedAside = `${dataDir}.incomplete-${now().toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(dataDir, movedAside);
  }
  return { movedAside, release };
}
