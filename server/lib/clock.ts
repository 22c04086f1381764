/** Injected so tests can move time past expiry limits. */
export type Clock = () => Date

export const systemClock: Clock = () => new Date()
