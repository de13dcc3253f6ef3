// Issue 18: a project's custom SMTP and e-mail templates. A local SMTP sink (written here on node:net) receives what
// the SMTP client sends: the conversation, the credentials, the message. End to end: with the project's SMTP set,
// a magic link asked through auth-js arrives at the sink shaped by the project's template; a server that refuses
// fails the request with its reason; the password is never read back.
import net from 'node:net';
import { GoTrueClient } from '@supabase/auth-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryStorage, STRONG_PASSWORD, uniqueEmail } from '../auth/testing.ts';
import { startDataApiProject, type DataApiProject } from '../data-api/testing.ts';
import { renderTemplate } from './mailer.ts';
import { SmtpError, passwordWithoutTls, sendSmtp, type SmtpSettings } from './smtp.ts';

interface Received {
  commands: string[];
  from: string;
  to: string[];
  data: string;
  auth: string | null;
}

/** A minimal SMTP server: answers like a real one, keeps what it was sent; `refuse` turns RCPT down. */
function smtpSink(options: { refuseRecipient?: boolean } = {}) {
  const received: Received[] = [];
  const server = net.createServer((socket) => {
    socket.setEncoding('utf8');
    const session: Received = { commands: [], from: '', to: [], data: '', auth: null };
    let inData = false;
    let buffer = '';
    socket.write('220 sink.test ESMTP ready\r\n');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          session.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(session);
          socket.write('250 2.0.0 queued\r\n');
          continue;
        }
        const end = buffer.indexOf('\r\n');
        if (end < 0) return;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        session.commands.push(line.split(' ')[0]!.toUpperCase());
        if (/^EHLO/i.test(line)) socket.write('250-sink.test\r\n250-8BITMIME\r\n250 AUTH PLAIN\r\n');
        else if (/^AUTH PLAIN /i.test(line)) {
          session.auth = Buffer.from(line.slice(11), 'base64').toString('utf8');
          socket.write('235 2.7.0 accepted\r\n');
        } else if (/^MAIL FROM:/i.test(line)) {
          session.from = line.slice(10);
          socket.write('250 ok\r\n');
        } else if (/^RCPT TO:/i.test(line)) {
          if (options.refuseRecipient) socket.write('550 5.1.1 no such mailbox here\r\n');
          else {
            session.to.push(line.slice(8));
            socket.write('250 ok\r\n');
          }
        } else if (/^DATA/i.test(line)) {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (/^QUIT/i.test(line)) {
          socket.end('221 bye\r\n');
        } else socket.write('502 not implemented\r\n');
      }
    });
    socket.on('error', () => {});
  });
  return {
    received,
    listen: () => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The body of a received message (base64 after the blank line) and its headers. */
function parse(data: string) {
  const [head, body] = data.split('\r\n\r\n');
  const headers = Object.fromEntries(head!.split('\r\n').map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 2)]));
  return { headers, body: Buffer.from(body!.replace(/\r\n/g, ''), 'base64').toString('utf8') };
}

describe('SMTP client against a local sink', () => {
  const sink = smtpSink();
  let settings: SmtpSettings;
  beforeAll(async () => {
    settings = { host: '127.0.0.1', port: await sink.listen(), user: 'mailer', pass: 'p@ss word', from: 'noreply@app.example.com', senderName: 'My Ápp' };
  });
  afterAll(() => sink.close());

  it('delivers a message: the conversation, the credentials, headers and a UTF-8 body', async () => {
    await sendSmtp(settings, { to: 'someone@example.com', subject: 'Your code: 123456 ✓', text: 'Hello\n.\nA line with only a dot.' });
    const got = sink.received.at(-1)!;
    expect(got.commands).toEqual(['EHLO', 'AUTH', 'MAIL', 'RCPT', 'DATA']);
    expect(got.auth).toBe('\u0000mailer\u0000p@ss word');
    expect(got.from).toBe('<noreply@app.example.com>');
    expect(got.to).toEqual(['<someone@example.com>']);
    const { headers, body } = parse(got.data);
    expect(headers.to).toBe('<someone@example.com>');
    expect(headers.from).toBe(`=?UTF-8?B?${Buffer.from('My Ápp').toString('base64')}?= <noreply@app.example.com>`);
    expect(headers.subject).toBe(`=?UTF-8?B?${Buffer.from('Your code: 123456 ✓').toString('base64')}?=`);
    expect(headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(body).toBe('Hello\n.\nA line with only a dot.');
  });

  it('an HTML template goes as text/html', async () => {
    await sendSmtp(settings, { to: 'someone@example.com', subject: 'Hi', text: 'plain', html: '<p>Hi</p>' });
    const { headers, body } = parse(sink.received.at(-1)!.data);
    expect(headers['content-type']).toBe('text/html; charset=utf-8');
    expect(body).toBe('<p>Hi</p>');
  });

  it('a header with a line break is refused before anything is sent', async () => {
    const before = sink.received.length;
    await expect(sendSmtp(settings, { to: 'a@example.com', subject: 'x\r\nBcc: victim@example.com', text: 'x' })).rejects.toThrow('the subject holds a line break');
    await expect(sendSmtp(settings, { to: 'a@example.com>\r\nRCPT TO:<b@example.com', subject: 'x', text: 'x' })).rejects.toThrow(SmtpError);
    expect(sink.received.length).toBe(before);
  });

  it("a refused recipient and an unreachable server reject with the server's reason", async () => {
    const refusing = smtpSink({ refuseRecipient: true });
    const port = await refusing.listen();
    await expect(sendSmtp({ ...settings, port }, { to: 'gone@example.com', subject: 'x', text: 'x' })).rejects.toThrow(
      'the SMTP server refused the recipient: 550 5.1.1 no such mailbox here',
    );
    await refusing.close();
    await expect(sendSmtp({ ...settings, port }, { to: 'a@example.com', subject: 'x', text: 'x' })).rejects.toThrow(/could not talk to the SMTP server/);
  });

  it('a password goes without TLS only to a loopback address', () => {
    expect(['127.0.0.1', '127.0.0.2', '::1', 'localhost'].map(passwordWithoutTls)).toEqual([true, true, true, true]);
    expect(['smtp.example.com', '10.0.0.5', '192.168.1.1', '127.example.com'].map(passwordWithoutTls)).toEqual([false, false, false, false]);
  });
});

describe('templates', () => {
  it("GoTrue's variables are replaced, HTML-escaped in the content; unknown ones stay as written", () => {
    const escape = (v: string) => v.replace(/</g, '&lt;');
    expect(renderTemplate('<a href="{{ .ConfirmationURL }}">Sign in</a> {{.Token}} {{ .Unknown }}', { ConfirmationURL: 'https://x/?a=<b>', Token: '123456' }, escape)).toBe(
      '<a href="https://x/?a=&lt;b>">Sign in</a> 123456 {{ .Unknown }}',
    );
  });
});

describe("a project's custom SMTP and templates, end to end", () => {
  let a: DataApiProject;
  const sink = smtpSink();
  let port: number;
  const patchConfig = (body: Record<string, unknown>) => a.h.call('PATCH', `/api/platform/projects/${a.ref}/config/auth`, { token: a.owner, body });
  const appFetch: typeof fetch = (input, init) => Promise.resolve(a.h.app.request(input instanceof Request ? input : String(input), init as RequestInit));
  const client = () =>
    new GoTrueClient({
      url: `http://${a.h.publicHost}/p/${a.ref}/auth/v1`,
      headers: { apikey: a.keys.anon, Authorization: `Bearer ${a.keys.anon}` },
      fetch: appFetch,
      storage: memoryStorage(),
      storageKey: `smtp-${Math.random()}`,
      autoRefreshToken: false,
    });

  beforeAll(async () => {
    port = await sink.listen();
    a = await startDataApiProject('SMTP project');
  }, 180_000);
  afterAll(async () => {
    await sink.close();
    await a?.h.close();
  });

  it('bad SMTP settings are a 400; a host needs a sender; the password is never read back', async () => {
    expect((await patchConfig({ smtp_host: 'mail.example.com; rm -rf' })).status).toBe(400);
    expect((await patchConfig({ smtp_sender_name: 'Evil\r\nBcc: x@example.com' })).status).toBe(400);
    expect((await patchConfig({ smtp_port: 70_000 })).status).toBe(400);
    const noSender = await patchConfig({ smtp_host: '127.0.0.1' });
    expect(noSender.status).toBe(400);
    expect(noSender.body.message).toContain('smtp_admin_email');
    const saved = await patchConfig({ smtp_host: '127.0.0.1', smtp_port: port, smtp_user: 'mailer', smtp_pass: 'top-secret', smtp_admin_email: 'auth@app.example.com', smtp_sender_name: 'App' });
    expect(saved.status).toBe(200);
    expect(saved.body.smtp_pass).toBe('********');
    const read = await a.h.call('GET', `/api/platform/projects/${a.ref}/config/auth`, { token: a.owner });
    expect(read.body.smtp_pass).toBe('********');
    expect(JSON.stringify(read.body)).not.toContain('top-secret');
    // The mask sent back unchanged keeps the password.
    expect((await patchConfig({ smtp_pass: '********', smtp_sender_name: 'My App' })).status).toBe(200);
  });

  it('a magic link goes to the SMTP server, shaped by the template, with the stored password; the inbox keeps a copy', async () => {
    await patchConfig({
      mailer_subjects_magic_link: 'Sign in to My App',
      mailer_templates_magic_link_content: '<h2>Hello {{ .Email }}</h2><p><a href="{{ .ConfirmationURL }}">Sign in</a> or use {{ .Token }}</p>',
      mailer_autoconfirm: true,
    });
    const email = uniqueEmail('smtp');
    expect((await client().signUp({ email, password: STRONG_PASSWORD })).error).toBeNull();
    const before = sink.received.length;
    expect((await client().signInWithOtp({ email, options: { shouldCreateUser: false } })).error).toBeNull();
    expect(sink.received.length).toBe(before + 1);
    const got = sink.received.at(-1)!;
    expect(got.auth).toBe('\u0000mailer\u0000top-secret');
    expect(got.from).toBe('<auth@app.example.com>');
    expect(got.to).toEqual([`<${email}>`]);
    const { headers, body } = parse(got.data);
    expect(headers.subject).toBe('Sign in to My App');
    expect(headers.from).toBe('My App <auth@app.example.com>');
    expect(headers['content-type']).toBe('text/html; charset=utf-8');
    expect(body).toMatch(new RegExp(`^<h2>Hello ${email.replace(/\./g, '\\.')}</h2><p><a href="http://[^"]+/verify\\?token=[^"]+">Sign in</a> or use \\d{6}</p>$`));
    const inbox = await a.h.app.request(`http://${a.h.publicHost}/p/${a.ref}/auth/v1/local/inbox?format=json&email=${encodeURIComponent(email)}`, {
      headers: { 'x-strata-inbox-token': a.keys.service_role },
    });
    const messages = ((await inbox.json()) as { messages: { subject: string }[] }).messages;
    expect(messages[0]!.subject).toBe('Sign in to My App');
  });

  it("an SMTP server that cannot be reached fails the request with GoTrue's shape and the reason", async () => {
    const closed = smtpSink();
    const deadPort = await closed.listen();
    await closed.close();
    await patchConfig({ smtp_port: deadPort });
    const email = uniqueEmail('smtp-down');
    // Confirm email is off (autoconfirm): the sign-up sends no mail.
    expect((await client().signUp({ email, password: STRONG_PASSWORD })).error).toBeNull();
    // GoTrue answers 500 here, which auth-js reports as a retryable network failure: the reason is in the body.
    const response = await appFetch(`http://${a.h.publicHost}/p/${a.ref}/auth/v1/otp`, {
      method: 'POST',
      headers: { apikey: a.keys.anon, 'content-type': 'application/json' },
      body: JSON.stringify({ email, create_user: false }),
    });
    expect(response.status).toBe(500);
    const body = (await response.json()) as { error_code?: string; code?: unknown; msg?: string };
    expect(body.error_code).toBe('email_send_failed');
    expect(body.msg).toMatch(/^Error sending magic link email: could not talk to the SMTP server/);
    expect((await client().signInWithOtp({ email, options: { shouldCreateUser: false } })).error?.status).toBe(500);
  });
});
