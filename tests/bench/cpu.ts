// CPU time of groups of processes, read from Linux's /proc: which process spent the cores of a load
// run (the app's, the database server's, the load generator's). Elsewhere it reads nothing.
import fs from 'node:fs'

/** Clock ticks a second as Linux reports process times in /proc (USER_HZ: 100 on every Linux build). */
const TICKS_PER_SECOND = 100

/** CPU milliseconds (user and system) spent so far by the live processes whose command line passes `match`. */
export function cpuMs(match: (commandLine: string, pid: string) => boolean): number {
  if (!fs.existsSync('/proc')) return 0
  const pids = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))
  let ticks = 0
  for (const pid of pids) {
    try {
      const commandLine = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ')
      if (!match(commandLine, pid)) continue
      // The fields after the command's name, which may hold spaces and parentheses: utime and stime are the 12th and 13th.
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      ticks += Number(fields[11]) + Number(fields[12])
    } catch {
      // The process ended while it was read.
    }
  }
  return (ticks * 1000) / TICKS_PER_SECOND
}

/** Whether a process was started with `name=value` in its environment (readable for one's own processes). */
export function hasEnv(pid: string, name: string, value: string): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`${name}=${value}`)
  } catch {
    return false
  }
}

/** This process's own CPU milliseconds (the load generator runs in it). */
export function ownCpuMs(): number {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}
