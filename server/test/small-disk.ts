import { execFile } from 'node:child_process'
import { mkdtemp, open, rm, rmdir } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** A small filesystem of a test's own, to fill up and free again. */
export interface SmallDisk {
  dir: string
  /** Writes a filler file until the filesystem answers ENOSPC. */
  fill(): Promise<void>
  /** Deletes the filler: the space is back. */
  free(): Promise<void>
  unmount(): Promise<void>
}

/**
 * A tmpfs of `size` (a real filesystem that fills up: writes fail with ENOSPC), mounted on a new
 * folder. Mounting needs root (CAP_SYS_ADMIN), which CI has; undefined where it cannot be done.
 */
export async function mountSmallDisk(size = '1m'): Promise<SmallDisk | undefined> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'auditdesk-disk-'))
  try {
    await run('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir])
  } catch {
    await rmdir(dir)
    return undefined
  }
  const filler = path.join(dir, '.filler')
  return {
    dir,
    async fill() {
      const handle = await open(filler, 'a')
      try {
        // Smaller and smaller writes, down to one byte: no room is left for any.
        for (const size of [1 << 20, 1 << 12, 1]) {
          const chunk = Buffer.alloc(size, 0x61)
          try {
            for (;;) await handle.write(chunk)
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error
          }
        }
      } finally {
        await handle.close()
      }
    },
    async free() {
      await rm(filler, { force: true })
    },
    async unmount() {
      await run('umount', [dir]).catch(() => run('umount', ['-l', dir]))
      await rmdir(dir)
    },
  }
}

/** Whether a small disk can be mounted here: tried once, and let go at once. */
export async function smallDisksWork() {
  const disk = await mountSmallDisk('64k')
  await disk?.unmount()
  return disk !== undefined
}
