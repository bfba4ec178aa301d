// `node --import` this into a server the tests start on PostgreSQL: pg's Client then refuses
// statements that leave session-level state (tests/support/statement-guard.js).
import pg from 'pg'
import { installStatementGuard } from './statement-guard.js'

installStatementGuard(pg)
