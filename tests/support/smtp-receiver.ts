import net from 'node:net'

// An SMTP server for tests: it accepts every message on 127.0.0.1 (no TLS, no authentication, as
// nodemailer speaks to `smtp://127.0.0.1:<port>`) and keeps each one's recipients and headers, so a
// test sees what the servers' outbox workers really sent, and how often.

export interface ReceivedMail {
  from: string
  to: string[]
  subject: string
  data: string
}

export interface SmtpReceiver {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string
  received: ReceivedMail[]
  close(): Promise<void>
}

/** The unfolded Subject header of a message (the tests' subjects are plain ASCII). */
const subjectOf = (data: string) => {
  const head = data.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ')
  return /^subject:\s*(.*)$/im.exec(head)?.[1]?.trim() ?? ''
}

export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const received: ReceivedMail[] = []
  const sockets = new Set<net.Socket>()
  const server = net.createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => socket.destroy())
    let buffer = ''
    let inData = false
    let mail: ReceivedMail = { from: '', to: [], subject: '', data: '' }
    const reply = (line: string) => socket.write(`${line}\r\n`)
    reply('220 test SMTP ready')
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8')
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n')
          if (end < 0) return
          // Dot-stuffing undone: a line that began with "." was sent as "..".
          mail.data = buffer.slice(0, end).replace(/\r\n\.\./g, '\r\n.')
          mail.subject = subjectOf(mail.data)
          received.push(mail)
          mail = { from: '', to: [], subject: '', data: '' }
          buffer = buffer.slice(end + 5)
          inData = false
          reply('250 queued')
          continue
        }
        const newline = buffer.indexOf('\r\n')
        if (newline < 0) return
        const line = buffer.slice(0, newline)
        buffer = buffer.slice(newline + 2)
        const verb = line.slice(0, 4).toUpperCase()
        if (verb === 'EHLO' || verb === 'HELO') reply('250 test')
        else if (verb === 'MAIL') {
          mail.from = /<([^>]*)>/.exec(line)?.[1] ?? ''
          reply('250 ok')
        } else if (verb === 'RCPT') {
          mail.to.push((/<([^>]*)>/.exec(line)?.[1] ?? '').toLowerCase())
          reply('250 ok')
        } else if (verb === 'DATA') {
          inData = true
          reply('354 end with <CRLF>.<CRLF>')
        } else if (verb === 'QUIT') {
          reply('221 bye')
          socket.end()
        } else reply('250 ok')
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `smtp://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    received,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
