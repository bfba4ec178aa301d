// Every cell of Table 1 and of tables 2-A (normal) and 2-B (tightened), after the arrows, against a
// second published copy kept verbatim in ./reference (MIL-STD-105E / ANSI/ASQ Z1.4 as transcribed by
// the CRAN package AQLSchemes 1.7-2; see ./reference/README.md for the source, commit and licence).
// The kept file is R source: it is read here as data by a small evaluator of the few R forms it
// uses (c, rep, array, t, cbind, strings, numbers), never run and never imported by the app.

import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

import { AQL_LABELS, AQLS, CODE_LETTERS, INSPECTION_LEVELS, LOT_SIZE_RANGES, tablePlan, type Severity } from './iso2859'

const REFERENCE = new URL('./reference/aqlschemes-AAZ14Single-tables.txt', import.meta.url)
/** The SHA-256 the README gives for the kept file (lines 25-291 of R/AAZ14Single.R, unchanged). */
const REFERENCE_SHA256 = '2658b18962f371b7c52d6136e902b38a8951e82ff33cc63a189ee6d220e100db'

// ---------------------------------------------------------------------------------------------
// A reader for the subset of R the kept file uses.

type Value = number[] | string[] | Matrix
interface Matrix {
  matrix: true
  rows: number
  cols: number
  /** row-major */
  cells: (number | string)[]
}

type Token =
  | { kind: 'num'; value: number }
  | { kind: 'str'; value: string }
  | { kind: 'id'; value: string }
  | {
      kind: 'punct'
      value: string
    }

function tokenize(source: string): Token[] {
  const tokens: Token[] = []
  let i = 0
  while (i < source.length) {
    const ch = source[i]!
    if (/\s/.test(ch)) i++
    else if (ch === '#') while (i < source.length && source[i] !== '\n') i++
    else if (source.startsWith('<-', i)) {
      tokens.push({ kind: 'punct', value: '<-' })
      i += 2
    } else if ('(),='.includes(ch)) {
      tokens.push({ kind: 'punct', value: ch })
      i++
    } else if (ch === '"') {
      const end = source.indexOf('"', i + 1)
      tokens.push({ kind: 'str', value: source.slice(i + 1, end) })
      i = end + 1
    } else if (/[0-9.]/.test(ch)) {
      const match = /^[0-9.]+/.exec(source.slice(i))![0]
      tokens.push({ kind: 'num', value: Number(match) })
      i += match.length
    } else if (/[A-Za-z_]/.test(ch)) {
      const match = /^[A-Za-z_][A-Za-z0-9_.]*/.exec(source.slice(i))![0]
      tokens.push({ kind: 'id', value: match })
      i += match.length
    } else throw new Error(`Unexpected character ${ch} in the reference at ${i}`)
  }
  return tokens
}

type Expr =
  | { kind: 'num'; value: number }
  | { kind: 'str'; value: string }
  | { kind: 'id'; value: string }
  | { kind: 'call'; name: string; args: { name?: string; value: Expr }[] }

function parse(tokens: Token[]): { target: Expr; value: Expr }[] {
  let at = 0
  const peek = () => tokens[at]
  const expectPunct = (value: string) => {
    const token = tokens[at++]
    if (token?.kind !== 'punct' || token.value !== value) throw new Error(`Expected ${value} at token ${at - 1}`)
  }
  const expr = (): Expr => {
    const token = tokens[at++]
    if (!token) throw new Error('Unexpected end of the reference')
    if (token.kind === 'num' || token.kind === 'str') return token
    if (token.kind !== 'id') throw new Error(`Unexpected ${token.value} at token ${at - 1}`)
    if (peek()?.kind !== 'punct' || peek()!.value !== '(') return token
    at++
    const args: { name?: string; value: Expr }[] = []
    while (!(peek()?.kind === 'punct' && peek()!.value === ')')) {
      const next = tokens[at + 1]
      if (peek()?.kind === 'id' && next?.kind === 'punct' && next.value === '=') {
        const name = (tokens[at] as { value: string }).value
        at += 2
        args.push({ name, value: expr() })
      } else args.push({ value: expr() })
      if (peek()?.kind === 'punct' && peek()!.value === ',') at++
    }
    expectPunct(')')
    return { kind: 'call', name: token.value, args }
  }
  const statements: { target: Expr; value: Expr }[] = []
  while (at < tokens.length) {
    const target = expr()
    if (peek()?.kind === 'punct' && peek()!.value === '<-') {
      at++
      statements.push({ target, value: expr() })
    } else statements.push({ target, value: target }) // a bare expression: ignored
  }
  return statements
}

function isMatrix(value: Value): value is Matrix {
  return !Array.isArray(value)
}
function vector(value: Value): (number | string)[] {
  if (isMatrix(value)) throw new Error('A matrix where the reference needs a vector')
  return value
}

function evaluate(expr: Expr, env: Map<string, Value>): Value {
  if (expr.kind === 'num') return [expr.value]
  if (expr.kind === 'str') return [expr.value]
  if (expr.kind === 'id') {
    const value = env.get(expr.value)
    if (!value) throw new Error(`Unknown name ${expr.value} in the reference`)
    return value
  }
  const args = expr.args.map((arg) => ({ name: arg.name, value: evaluate(arg.value, env) }))
  switch (expr.name) {
    case 'c':
      return args.flatMap((arg) => vector(arg.value)) as number[]
    case 'rep': {
      const [what, times] = args.map((arg) => vector(arg.value))
      return Array.from({ length: Number(times![0]) }, () => what!).flat() as number[]
    }
    case 'array': {
      // R fills an array column by column.
      const data = vector(args[0]!.value)
      const [rows, cols] = vector(args.find((arg) => arg.name === 'dim')!.value).map(Number) as [number, number]
      if (data.length !== rows * cols) throw new Error(`array of ${data.length} for ${rows} x ${cols}`)
      const cells = Array.from({ length: rows * cols }, (_, k) => data[(k % cols) * rows + Math.floor(k / cols)]!)
      return { matrix: true, rows, cols, cells }
    }
    case 't': {
      const m = args[0]!.value
      if (!isMatrix(m)) throw new Error('t() of a vector')
      const cells = Array.from({ length: m.rows * m.cols }, (_, k) => {
        const row = Math.floor(k / m.rows)
        const col = k % m.rows
        return m.cells[col * m.cols + row]!
      })
      return { matrix: true, rows: m.cols, cols: m.rows, cells }
    }
    case 'cbind': {
      const columns = args.map((arg) => vector(arg.value))
      const rows = columns[0]!.length
      if (columns.some((column) => column.length !== rows)) throw new Error('cbind of unequal columns')
      const cells = Array.from({ length: rows * columns.length }, (_, k) => {
        return columns[k % columns.length]![Math.floor(k / columns.length)]!
      })
      return { matrix: true, rows, cols: columns.length, cells }
    }
    case 'matrix': {
      const data = vector(args[0]!.value)
      const rows = Number(vector(args.find((arg) => arg.name === 'nrow')!.value)[0])
      const byRow = args.some((arg) => arg.name === 'byrow')
      if (!byRow) throw new Error('matrix() without byrow=TRUE')
      return { matrix: true, rows, cols: data.length / rows, cells: data }
    }
    case 'TRUE':
    default:
      throw new Error(`The reader does not know R's ${expr.name}()`)
  }
}

function readReference(source: string): Map<string, Value> {
  const env = new Map<string, Value>([['TRUE', [1]]])
  for (const { target, value } of parse(tokenize(source))) {
    // rownames(x)<-... and colnames(x)<-... only label a matrix; the tests index by position.
    if (target.kind !== 'id') continue
    env.set(target.value, evaluate(value, env))
  }
  return env
}

function matrixNamed(env: Map<string, Value>, name: string): Matrix {
  const value = env.get(name)
  if (!value || !isMatrix(value)) throw new Error(`The reference has no matrix ${name}`)
  return value
}
const cell = (m: Matrix, row: number, col: number) => m.cells[row * m.cols + col]!

// ---------------------------------------------------------------------------------------------

const source = readFileSync(REFERENCE, 'utf8')
const env = readReference(source)

const TABLES: Record<'normal' | 'tightened', { ss: string; ac: string; re: string; name: string }> = {
  normal: { ss: 'ANSIASQSingleNormalss', ac: 'ANSIASQSingleNormalac', re: 'ANSIASQSingleNormalre', name: '2-A' },
  // sic: the package spells the tightened sample-size matrix "ANSASQ..."
  tightened: {
    ss: 'ANSASQSingleTightenedss',
    ac: 'ANSIASQSingleTightenedac',
    re: 'ANSIASQSingleTightenedre',
    name: '2-B',
  },
}

describe('the kept reference', () => {
  it('is the file the README names, unchanged', () => {
    expect(createHash('sha256').update(source).digest('hex')).toBe(REFERENCE_SHA256)
  })

  it('labels its rows and columns as the project does (16 code letters, 26 AQLs, 7 levels)', () => {
    expect(env.get('codes')).toEqual([...CODE_LETTERS])
    expect(env.get('AQL')).toEqual(AQL_LABELS)
    expect(env.get('InspLev')).toEqual([...INSPECTION_LEVELS])
    for (const table of Object.values(TABLES)) {
      for (const name of [table.ss, table.ac, table.re]) {
        expect(matrixNamed(env, name)).toMatchObject({ rows: 16, cols: 26 })
      }
    }
  })
})

describe('Table 1 against the reference, every lot-size range and level', () => {
  it('gives the same code letter in all 15 x 7 cells', () => {
    const letters = matrixNamed(env, 'SSCodeLetters')
    expect(letters).toMatchObject({ rows: LOT_SIZE_RANGES.length, cols: INSPECTION_LEVELS.length })
    const mismatches: string[] = []
    LOT_SIZE_RANGES.forEach((range, row) => {
      INSPECTION_LEVELS.forEach((level, col) => {
        if (range.letters[level] !== cell(letters, row, col)) {
          mismatches.push(
            `${range.min}-${range.max ?? '…'} ${level}: ${range.letters[level]} vs ${cell(letters, row, col)}`,
          )
        }
      })
    })
    expect(mismatches).toEqual([])
  })
})

describe.each(Object.entries(TABLES) as [Severity & ('normal' | 'tightened'), (typeof TABLES)['normal']][])(
  'Table %s against the reference, every code letter x every AQL, after the arrows',
  (severity, table) => {
    const ss = matrixNamed(env, table.ss)
    const ac = matrixNamed(env, table.ac)
    const re = matrixNamed(env, table.re)

    it(`has the reference's sample size, Ac and Re in all 16 x 26 cells of ${table.name}`, () => {
      const mismatches: string[] = []
      let compared = 0
      CODE_LETTERS.forEach((letter, row) => {
        AQLS.forEach((aql, col) => {
          const ours = tablePlan(severity, letter, aql)
          const theirs = {
            sampleSize: cell(ss, row, col),
            acceptance: cell(ac, row, col),
            rejection: cell(re, row, col),
          }
          const mine = { sampleSize: ours.sampleSize, acceptance: ours.acceptance, rejection: ours.rejection }
          compared++
          if (JSON.stringify(mine) !== JSON.stringify(theirs)) {
            mismatches.push(`${letter} at ${AQL_LABELS[col]}: ${JSON.stringify(mine)} vs ${JSON.stringify(theirs)}`)
          }
        })
      })
      expect(compared).toBe(16 * 26)
      expect(mismatches).toEqual([])
    })
  },
)

describe('the cell fixed in issue 52', () => {
  it('2-B, code letter A, AQL 10: an arrow down to D, 8 units, Ac 1 / Re 2 (was 2 units, Ac 0 / Re 1)', () => {
    expect(tablePlan('tightened', 'A', 10)).toEqual({ planLetter: 'D', sampleSize: 8, acceptance: 1, rejection: 2 })
    // B and C at 10 point to the same plan
    expect(tablePlan('tightened', 'B', 10)).toMatchObject({ planLetter: 'D', sampleSize: 8 })
    expect(tablePlan('tightened', 'C', 10)).toMatchObject({ planLetter: 'D', sampleSize: 8 })
  })
})
