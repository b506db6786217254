import { spawn, type ChildProcess } from 'node:child_process'
import readline from 'node:readline'

export type Started = { child: ChildProcess; info: Record<string, unknown>; ms: number }

/** Starts a TypeScript entry with tsx and waits for its first JSON line on stdout (bounded). */
export function startProcess(
  entry: string,
  args: string[],
  env: Record<string, string | undefined>,
  timeoutMs = 600_000,
) {
  return new Promise<Started>((resolve, reject) => {
    const started = performance.now()
    const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`${entry} non è partito in ${timeoutMs} ms`))
    }, timeoutMs)
    const lines = readline.createInterface({ input: child.stdout! })
    lines.on('line', (line) => {
      if (!line.startsWith('{')) return
      clearTimeout(timer)
      lines.close()
      resolve({ child, info: JSON.parse(line) as Record<string, unknown>, ms: performance.now() - started })
    })
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`${entry} è uscito con codice ${code}`))
    })
  })
}

export async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const force = setTimeout(() => child.kill('SIGKILL'), 5000)
  await exited
  clearTimeout(force)
}
