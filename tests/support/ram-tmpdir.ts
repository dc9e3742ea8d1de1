import { statfsSync } from 'node:fs';

/** statfs's f_type of a tmpfs (linux/magic.h). */
const TMPFS_MAGIC = 0x01021994;
/** Room the suite needs at its busiest: two workers' servers at 40 MB a database, and Chromium's profiles. */
const ROOM_NEEDED = 2 * 1024 ** 3;

/**
 * Points TMPDIR at /dev/shm, a tmpfs, when the machine has one with room and TMPDIR is not
 * already chosen, so the test runners and everything they start keep their scratch files in
 * RAM. Each server a test starts copies a 40 MB PGlite template (a few hundred servers a run),
 * then reads and writes it; on the VM's ext4 disk the copies alone cost 0.15 to 0.45 s of
 * kernel time each, and their write-back more, against 0.04 s on tmpfs. Measured on the server,
 * security and module-mocks projects (2 vCPUs): 3 min 55 s before, 2 min 48 s after, kernel
 * time 2 min 25 s before, 42 s after. Called by vitest.config.ts and playwright.config.ts before
 * their workers start, so the workers inherit it.
 */
export function preferRamTmpdir(env: NodeJS.ProcessEnv = process.env): void {
  if (env.TMPDIR) return;
  try {
    const shm = statfsSync('/dev/shm');
    if (shm.type === TMPFS_MAGIC && shm.bavail * shm.bsize >= ROOM_NEEDED) env.TMPDIR = '/dev/shm';
  } catch {
    // No /dev/shm (macOS, Windows): the system's temporary folder, as before.
  }
}
