// The expand-then-contract rule (docs/operations.md "Upgrades"), read from a migration's text: its
// up() may add tables, columns and indexes, but not take away or change what the release before
// it still reads, because that release serves on the new schema during a rolling upgrade. A
// contract step (a drop, a rename, a new NOT NULL on an existing column…) belongs in a release
// after the one that stopped reading the thing, and says so with a marker line:
//
//   // Contract step: <why it is safe now, e.g. which release stopped reading the column>
import ts from 'typescript'

export interface Finding {
  line: number
  what: string
}

const MARKER = /^\s*\/\/\s*Contract step:(.*)$/im

/** The reason a contract-step marker gives, or null: without one (20 characters at least) it does not count. */
export function contractReason(text: string): string | null {
  const reason = MARKER.exec(text)?.[1].trim() ?? ''
  return reason.length >= 20 ? reason : null
}

function literal(node: ts.Node | undefined): string | null {
  return node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : null
}

/** The method calls of a builder chain, innermost first: db.schema.alterTable('x').dropColumn('y') → alterTable, dropColumn. */
function chainCalls(call: ts.CallExpression): ts.CallExpression[] {
  const calls: ts.CallExpression[] = []
  let node: ts.Expression = call
  while (ts.isCallExpression(node) || ts.isPropertyAccessExpression(node)) {
    if (ts.isCallExpression(node)) calls.unshift(node)
    node = node.expression
  }
  return calls
}

const methodOf = (call: ts.CallExpression) =>
  ts.isPropertyAccessExpression(call.expression)
    ? call.expression.name.text
    : ts.isIdentifier(call.expression)
      ? call.expression.text
      : ''

/** The text of raw SQL in the file: sql`…` templates (interpolations as ?) and sql.raw('…'). */
function rawSql(node: ts.Node): string | null {
  if (ts.isTaggedTemplateExpression(node) && node.tag.getText() === 'sql') {
    const t = node.template
    return ts.isNoSubstitutionTemplateLiteral(t)
      ? t.text
      : t.head.text + t.templateSpans.map((s) => `?${s.literal.text}`).join('')
  }
  if (ts.isCallExpression(node) && node.expression.getText() === 'sql.raw') return literal(node.arguments[0])
  return null
}

/** Every part of the file but its down(), which undoes the migration and may drop what up() made. */
function upSide(file: ts.SourceFile): ts.Node[] {
  return file.statements.filter((statement) => {
    if (ts.isFunctionDeclaration(statement)) return statement.name?.text !== 'down'
    if (ts.isVariableStatement(statement))
      return !statement.declarationList.declarations.some((d) => ts.isIdentifier(d.name) && d.name.text === 'down')
    return true
  })
}

function walk(nodes: ts.Node[], visit: (node: ts.Node) => void) {
  const each = (node: ts.Node) => {
    visit(node)
    ts.forEachChild(node, each)
  }
  nodes.forEach(each)
}

const parse = (text: string) =>
  ts.createSourceFile('migration.js', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS)

/** Names of the unique indexes and constraints the migrations make: dropping one lifts a rule. */
export function uniqueIndexNames(texts: string[]): Set<string> {
  const names = new Set<string>()
  for (const text of texts) {
    const file = parse(text)
    walk([file], (node) => {
      if (ts.isCallExpression(node)) {
        const method = methodOf(node)
        if (method === 'addUniqueConstraint') {
          const name = literal(node.arguments[0])
          if (name) names.add(name)
        }
        if (method === 'unique') {
          const create = chainCalls(node).find((c) => methodOf(c) === 'createIndex')
          const name = literal(create?.arguments[0])
          if (name) names.add(name)
        }
      }
      const raw = rawSql(node)
      if (raw)
        for (const m of raw.matchAll(
          /\bcreate\s+unique\s+index\s+(?:concurrently\s+)?(?:if\s+not\s+exists\s+)?"?(\w+)"?/gi,
        ))
          names.add(m[1])
    })
  }
  return names
}

/**
 * What in a migration's up() breaks the release before it while both serve: [] when it is
 * expand-only, or when a contract-step marker gives its reason.
 */
export function expandOnlyFindings(text: string, uniqueIndexes: Set<string>): Finding[] {
  if (contractReason(text)) return []
  const file = parse(text)
  const nodes = upSide(file)
  const findings: Finding[] = []
  const add = (node: ts.Node, what: string) =>
    findings.push({ line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1, what })

  // Tables this migration makes are its own to shape: only those that exist already are guarded.
  const created = new Set<string>()
  walk(nodes, (node) => {
    if (ts.isCallExpression(node) && methodOf(node) === 'createTable') {
      const name = literal(node.arguments[0])
      if (name) created.add(name)
    }
    for (const m of rawSql(node)?.matchAll(/\bcreate\s+table\s+(?:if\s+not\s+exists\s+)?"?(\w+)"?/gi) ?? [])
      created.add(m[1])
  })
  const existing = (table: string | null) => table === null || !created.has(table)
  // The table a builder call (or a column callback inside one) works on: its chain's alterTable.
  const tableOf = (node: ts.Node): string | null => {
    for (let at: ts.Node | undefined = node; at; at = at.parent) {
      if (!ts.isCallExpression(at)) continue
      const alter = chainCalls(at).find((c) => methodOf(c) === 'alterTable' || methodOf(c) === 'createTable')
      if (alter) return literal(alter.arguments[0])
    }
    return null
  }

  walk(nodes, (node) => {
    if (ts.isCallExpression(node)) {
      const method = methodOf(node)
      const table = tableOf(node)
      const on = `${table ?? 'a table'}`
      switch (method) {
        case 'dropTable':
        case 'dropReferencedTable': {
          const name = literal(node.arguments[method === 'dropTable' ? 0 : 1])
          if (existing(name)) add(node, `drops table ${name ?? '(a name worked out at run time)'}`)
          break
        }
        case 'dropColumn':
        case 'renameColumn':
        case 'renameTo':
          if (existing(table)) add(node, `${method} on existing table ${on}`)
          break
        case 'setDataType':
        case 'setNotNull':
        case 'dropConstraint':
          if (existing(table)) add(node, `${method} on existing table ${on}`)
          break
        case 'byteOrderText': {
          const name = literal(node.arguments[1])
          if (existing(name))
            add(node, `changes a column's type on existing table ${name ?? '(a name worked out at run time)'}`)
          break
        }
        case 'addColumn': {
          const options = node.arguments[2]?.getText() ?? ''
          if (table && existing(table) && /\.notNull\(\)/.test(options) && !/\.defaultTo\(/.test(options))
            add(
              node,
              `adds a NOT NULL column without a default to existing table ${table}: the previous release's inserts would fail`,
            )
          break
        }
        case 'dropIndex': {
          const name = literal(node.arguments[0])
          if (name === null || uniqueIndexes.has(name))
            add(
              node,
              `drops ${name === null ? 'an index named at run time' : `unique index ${name}`}: a rule the previous release relies on`,
            )
          break
        }
      }
    }
    const raw = rawSql(node)
    if (raw === null) return
    const statements = raw.split(';')
    for (const statement of statements) {
      const altered = /\balter\s+table\s+(?:if\s+exists\s+)?(?:only\s+)?"?(\w+|\?)"?/i.exec(statement)?.[1]
      const alteredExisting = altered !== undefined && existing(altered === '?' ? null : altered)
      const dropTable = /\bdrop\s+table\s+(?:if\s+exists\s+)?"?(\w+|\?)"?/i.exec(statement)?.[1]
      if (dropTable && existing(dropTable === '?' ? null : dropTable)) add(node, `drops table ${dropTable} (SQL)`)
      if (alteredExisting) {
        if (/\bdrop\s+column\b/i.test(statement)) add(node, `drops a column of ${altered} (SQL)`)
        if (/\brename\b/i.test(statement)) add(node, `renames in ${altered} (SQL)`)
        if (/\balter\s+column\s+\S+\s+(?:set\s+data\s+)?type\b/i.test(statement))
          add(node, `changes a column's type in ${altered} (SQL)`)
        if (/\bset\s+not\s+null\b/i.test(statement)) add(node, `sets NOT NULL on a column of ${altered} (SQL)`)
        if (/\bdrop\s+constraint\b/i.test(statement)) add(node, `drops a constraint of ${altered} (SQL)`)
        if (/\badd\s+(?:column\s+)?[^,]*\bnot\s+null\b/i.test(statement) && !/\bdefault\b/i.test(statement))
          add(node, `adds a NOT NULL column without a default to ${altered} (SQL)`)
      }
      const dropIndex = /\bdrop\s+index\s+(?:concurrently\s+)?(?:if\s+exists\s+)?"?(\w+|\?)"?/i.exec(statement)?.[1]
      if (dropIndex && (dropIndex === '?' || uniqueIndexes.has(dropIndex)))
        add(node, `drops ${dropIndex === '?' ? 'an index named at run time' : `unique index ${dropIndex}`} (SQL)`)
    }
  })
  return findings
}
