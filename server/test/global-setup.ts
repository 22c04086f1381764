import { prepareTemplate } from './databases'

/** Builds the migrated PGlite template once per run. */
export default async function setup() {
  return prepareTemplate('pglite')
}
