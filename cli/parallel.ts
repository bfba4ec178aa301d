// Runs npm scripts side by side and fails when any fails: `npm test` checks types and lints at once
// (each uses one core; together they take the time of the longer one).
import { spawn } from 'node:child_process'

const scripts = process.argv.slice(2)
const results = await Promise.all(
  scripts.map(
    (script) =>
      new Promise<{ script: string; code: number; output: string }>((resolve) => {
        const child = spawn('npm', ['run', '--silent', script], { env: process.env })
        let output = ''
        child.stdout.on('data', (chunk) => (output += chunk))
        child.stderr.on('data', (chunk) => (output += chunk))
        child.on('close', (code) => resolve({ script, code: code ?? 1, output }))
      }),
  ),
)
for (const { script, code, output } of results) {
  console.log(`> ${script}: ${code === 0 ? 'passed' : `failed (exit ${code})`}`)
  if (output.trim()) console.log(output.trimEnd())
}
process.exit(results.some((r) => r.code !== 0) ? 1 : 0)
