import { prepareTemplate } from './databases'

/** Builds the migrated PostgreSQL template database once per run; drops it afterwards. */
export default async function setup() {
  return prepareTemplate('postgres')
}
