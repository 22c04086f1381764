import { formatSize } from './format'

/** What an upload is refused with, said by the server and, before sending, by the interface. */
export const uploadRefusals = {
  tooLarge: (maxFileBytes: number) => `Files may be at most ${formatSize(maxFileBytes)}`,
  tooManyFiles: (maxFilesPerRequest: number) =>
    `A version can hold at most ${maxFilesPerRequest} files: remove some first`,
}
