// `npm run dev`: the API with reload (tsx watch) on 3001 and the Vite dev server on 5173, which proxies /api.
import { spawn } from 'node:child_process'

const apiPort = process.env.API_PORT ?? '3001'
const env = {
  ...process.env,
  NODE_ENV: 'development',
  PORT: apiPort,
  APP_URL: process.env.APP_URL ?? 'http://localhost:5173',
  API_PORT: apiPort,
}
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], {
    stdio: 'inherit',
    env,
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env }),
]
const stop = () => children.forEach((child) => child.kill('SIGTERM'))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const child of children)
  child.on('exit', (code) => {
    stop()
    process.exitCode = code ?? 0
  })
