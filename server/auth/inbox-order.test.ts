// The local inbox lists the newest mail first, also past nine mails (found with issue 18: ordering by the text
// output column `id` put mail 9 before mail 12, so a script reading the "latest" code got an old one).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startAuthHarness, type AuthHarness } from './testing.ts';

let h: AuthHarness;
beforeAll(async () => {
  h = await startAuthHarness();
}, 120_000);
afterAll(() => h?.close());

it('newest first across 12 mails to one address', async () => {
  for (let i = 1; i <= 12; i++) {
    await h.pool.query(`insert into auth.mail_outbox (to_email, subject, body_text) values ('order@example.com', $1, '')`, [`mail ${i}`]);
  }
  const response = await fetch(`${h.url}/local/inbox?format=json&email=order@example.com`, {
    headers: { 'x-strata-inbox-token': h.service.inboxToken },
  });
  const body = (await response.json()) as { messages: { subject: string }[] };
  expect(body.messages.map((m) => m.subject).slice(0, 3)).toEqual(['mail 12', 'mail 11', 'mail 10']);
});
