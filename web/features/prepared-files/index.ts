// What other features use of this one: files made by a job, the asker notified when ready.
export { PrepareFileButton } from './components/prepare-file-button'
export { PrepareFileMenu, type PreparableFile } from './components/prepare-file-menu'
export { SlowDownloadNote } from './components/slow-download-note'
export { isLarge } from './lib/large'
