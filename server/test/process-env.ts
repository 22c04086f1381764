/**
 * Sets variables of this process's environment (the AWS SDK reads its endpoint and keys there)
 * and returns what puts back the values from before. Test files share their worker's process
 * (vitest.config.ts): a variable left behind would reach the next file's servers.
 */
export function setProcessEnv(vars: Record<string, string>): () => void {
  const before = Object.entries(vars).map(([name]) => [name, process.env[name]] as const)
  Object.assign(process.env, vars)
  return () => {
    for (const [name, value] of before)
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
  }
}
