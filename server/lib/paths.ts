import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository root, found from this file whether it runs from source or from dist/. */
function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url))
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir)
    if (parent === dir) throw new Error('Cannot find the project root (package.json)')
    dir = parent
  }
  return dir
}

export const projectRoot = findRoot()
export const migrationsDir = path.join(projectRoot, 'server/db/migrations')
export const webDistDir = path.join(projectRoot, 'dist/web')
