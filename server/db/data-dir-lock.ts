import { open, readFile, unlink } from 'node:fs/promises'
import path from 'node:path'

export class DataDirLockedError extends Error {}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * PGlite has no protection against two processes opening one data directory, which corrupts it.
 * A lock file holding our pid refuses a second process; a lock left by a dead process is taken over.
 */
export async function acquireDataDirLock(dataDir: string): Promise<() => Promise<void>> {
  const lockPath = path.join(dataDir, 'server.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(lockPath, 'wx')
      await handle.writeFile(String(process.pid))
      await handle.close()
      return async () => {
        await unlink(lockPath).catch(() => {})
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const pid = Number.parseInt(await readFile(lockPath, 'utf8').catch(() => ''), 10)
      if (Number.isInteger(pid) && pid !== process.pid && isRunning(pid)) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by another running server (pid ${pid}). ` +
            'Stop it first, or start this one with another DATA_DIR or with DATABASE_URL.',
        )
      }
      await unlink(lockPath).catch(() => {})
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}`)
}
