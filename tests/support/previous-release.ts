// The release before this one, as releases/previous names it (docs/operations.md "Upgrades"): the
// upgrade drill runs its smoke journey against this release's schema, and the expand-only check
// reads which migrations are new since it.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

export interface PreviousRelease {
  commit: string
  why: string
}

export function previousRelease(root = process.cwd()): PreviousRelease {
  const [commit = '', ...why] = fs.readFileSync(path.join(root, 'releases/previous'), 'utf8').trim().split('\n')
  if (!/^[0-9a-f]{40}$/.test(commit.trim()))
    throw new Error(`releases/previous must start with the previous release's full commit id (got "${commit}")`)
  return { commit: commit.trim(), why: why.join(' ').trim() }
}

export function git(args: string[], cwd = process.cwd()): { ok: boolean; out: string } {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  return {
    ok: result.status === 0,
    out: result.status === 0 ? result.stdout : `${result.error?.message ?? ''}${result.stderr}`,
  }
}

/** Why this clone cannot show the commit (no git, no history, a shallow clone), or null when it can. */
export function missingHistory(commit: string): string | null {
  const found = git(['cat-file', '-e', `${commit}^{commit}`])
  if (found.ok) return null
  const shallow = git(['rev-parse', '--is-shallow-repository'])
  return `commit ${commit.slice(0, 7)} is not in this clone${shallow.out.trim() === 'true' ? ' (a shallow clone: fetch with full history)' : ''}: ${found.out.trim() || 'git failed'}`
}

/** The migration files the previous release had. */
export function migrationsOf(commit: string): string[] {
  const listed = git(['ls-tree', '--name-only', commit, 'migrations/'])
  if (!listed.ok) throw new Error(`git ls-tree ${commit} migrations/ failed: ${listed.out}`)
  return listed.out
    .split('\n')
    .filter((line) => line.endsWith('.js'))
    .map((line) => path.basename(line))
}
