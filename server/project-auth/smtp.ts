// A project's custom SMTP (issue 18; GoTrue's smtp_* settings): a small SMTP client on node:net / node:tls that
// hands each auth mail to the configured server — EHLO, STARTTLS when offered (or TLS from the start on port 465),
// AUTH PLAIN, MAIL FROM, RCPT TO, DATA. The body goes base64-encoded (no line-length or dot-stuffing pitfalls);
// header values are refused if they hold a line break. A password is never sent in clear to another host: without
// TLS it goes only to a loopback address (a local relay or a test's sink).
import net from 'node:net';
import tls from 'node:tls';

export interface SmtpSettings {
  host: string;
  port: number;
  user: string;
  pass: string;
  /** The sender's address (GoTrue's smtp_admin_email) and name (smtp_sender_name). */
  from: string;
  senderName: string;
}

export interface SmtpMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export class SmtpError extends Error {}

const TIMEOUT_MS = 15_000;
const IMPLICIT_TLS_PORT = 465;

interface Reply {
  code: number;
  lines: string[];
}

/** Reads SMTP replies (multi-line: "250-…" until "250 …") from a socket that may be upgraded to TLS. */
class Conversation {
  private buffer = '';
  private waiting: ((reply: Reply | Error) => void) | null = null;
  private pending: string[] = [];
  private failure: Error | null = null;
  private socket: net.Socket;

  constructor(socket: net.Socket) {
    this.socket = socket;
    this.attach(socket);
  }

  private attach(socket: net.Socket) {
    socket.setEncoding('utf8');
    socket.setTimeout(TIMEOUT_MS, () => this.fail(new SmtpError('the SMTP server did not answer in time')));
    socket.on('data', (chunk: string) => this.take(chunk));
    socket.on('error', (error) => this.fail(new SmtpError(`could not talk to the SMTP server: ${error.message}`)));
    socket.on('close', () => this.fail(new SmtpError('the SMTP server closed the connection')));
  }

  private take(chunk: string) {
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf('\r\n')) >= 0) {
      const line = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      this.pending.push(line);
      if (/^\d{3}(?: |$)/.test(line)) {
        const reply = { code: Number(line.slice(0, 3)), lines: this.pending.map((l) => l.slice(4)) };
        this.pending = [];
        const waiter = this.waiting;
        this.waiting = null;
        waiter?.(reply);
      }
    }
  }

  private fail(error: Error) {
    if (this.failure) return;
    this.failure = error;
    const waiter = this.waiting;
    this.waiting = null;
    waiter?.(error);
    this.socket.destroy();
  }

  read(): Promise<Reply> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.waiting = (reply) => (reply instanceof Error ? reject(reply) : resolve(reply));
    });
  }

  async command(line: string, expected: readonly number[], what = line.split(' ')[0]!): Promise<Reply> {
    this.socket.write(`${line}\r\n`);
    return this.expect(expected, what);
  }

  async expect(expected: readonly number[], what: string): Promise<Reply> {
    const reply = await this.read();
    if (!expected.includes(reply.code)) {
      throw new SmtpError(`the SMTP server refused ${what}: ${reply.code} ${reply.lines.join(' ').slice(0, 200)}`);
    }
    return reply;
  }

  write(data: string) {
    this.socket.write(data);
  }

  /** STARTTLS: the same conversation goes on over TLS. */
  async upgrade(host: string) {
    const plain = this.socket;
    plain.removeAllListeners('data');
    plain.removeAllListeners('close');
    plain.removeAllListeners('error');
    plain.setTimeout(0);
    const secure = tls.connect({ socket: plain, servername: net.isIP(host) ? undefined : host });
    await new Promise<void>((resolve, reject) => {
      secure.once('secureConnect', () => resolve());
      secure.once('error', (error) => reject(new SmtpError(`TLS with the SMTP server failed: ${error.message}`)));
    });
    this.socket = secure;
    this.attach(secure);
  }

  get encrypted() {
    return this.socket instanceof tls.TLSSocket;
  }

  close() {
    this.socket.end();
  }
}

const headerSafe = (name: string, value: string) => {
  if (/[\r\n]/.test(value)) throw new SmtpError(`the ${name} holds a line break`);
  return value;
};

/** RFC 2047 for a header value that is not plain ASCII. */
const encodeWord = (value: string) => (/^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`);

const base64Lines = (text: string) => Buffer.from(text, 'utf8').toString('base64').replace(/.{1,76}/g, '$&\r\n');

/** A password may go without TLS only to this machine (a local relay, a test's sink). */
export const passwordWithoutTls = (host: string) => host === 'localhost' || host === '::1' || (net.isIPv4(host) && host.startsWith('127.'));

/** The message as sent after DATA (headers, a blank line, the body), ending with the lone dot. */
export function smtpData(settings: Pick<SmtpSettings, 'from' | 'senderName' | 'host'>, message: SmtpMessage, now = new Date()): string {
  const from = settings.senderName ? `${encodeWord(headerSafe('sender name', settings.senderName).replace(/["\\]/g, ''))} <${settings.from}>` : `<${settings.from}>`;
  const headers = [
    `From: ${from}`,
    `To: <${headerSafe('recipient', message.to)}>`,
    `Subject: ${encodeWord(headerSafe('subject', message.subject))}`,
    `Date: ${now.toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: <${now.getTime().toString(36)}.${Math.random().toString(36).slice(2)}@${settings.host}>`,
    'MIME-Version: 1.0',
    `Content-Type: ${message.html !== undefined ? 'text/html' : 'text/plain'}; charset=utf-8`,
    'Content-Transfer-Encoding: base64',
  ];
  return `${headers.join('\r\n')}\r\n\r\n${base64Lines(message.html ?? message.text)}.\r\n`;
}

/** Sends one message through the configured server; rejects with an SmtpError saying what went wrong. */
export async function sendSmtp(settings: SmtpSettings, message: SmtpMessage): Promise<void> {
  headerSafe('sender address', settings.from);
  headerSafe('recipient', message.to);
  const implicitTls = settings.port === IMPLICIT_TLS_PORT;
  const socket = implicitTls
    ? tls.connect({ host: settings.host, port: settings.port, servername: net.isIP(settings.host) ? undefined : settings.host })
    : net.connect({ host: settings.host, port: settings.port });
  const talk = new Conversation(socket);
  try {
    await talk.expect([220], 'the connection');
    let hello = await talk.command('EHLO strata.local', [250], 'EHLO');
    const offersStartTls = hello.lines.some((line) => /^STARTTLS\b/i.test(line));
    if (!talk.encrypted && offersStartTls) {
      await talk.command('STARTTLS', [220]);
      await talk.upgrade(settings.host);
      hello = await talk.command('EHLO strata.local', [250], 'EHLO');
    }
    if (settings.user) {
      if (!talk.encrypted && !passwordWithoutTls(settings.host)) {
        throw new SmtpError('the SMTP server offers no TLS: the password is not sent in clear');
      }
      const plain = Buffer.from(`\u0000${settings.user}\u0000${settings.pass}`, 'utf8').toString('base64');
      await talk.command(`AUTH PLAIN ${plain}`, [235], 'the user name and password');
    }
    await talk.command(`MAIL FROM:<${settings.from}>`, [250], 'the sender');
    await talk.command(`RCPT TO:<${message.to}>`, [250, 251], 'the recipient');
    await talk.command('DATA', [354]);
    talk.write(smtpData(settings, message));
    await talk.expect([250], 'the message');
    talk.write('QUIT\r\n');
  } finally {
    talk.close();
  }
}
