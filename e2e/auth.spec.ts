import { expect, test } from '@playwright/test';
import { TOTP } from 'otpauth';
import { CHECK_EMAIL_TO_CONFIRM, SCREENSHOTS, SESSION_KEY, SIGN_UP_MAIL, inboxToken, latestMail, readFixture, signUpAndConfirm } from './support/fixture.ts';

// spec A4.11, A5: a new user signs up (and confirms the address from the local inbox), signs out, signs in, enables
// TOTP and signs in with a code.
test.use({ storageState: { cookies: [], origins: [] } });

test('sign up, sign out, sign in, enrol TOTP, sign in with the code', async ({ page, request }) => {
  const email = `mfa-${Date.now()}@example.com`;
  const password = 'Amber-lantern-river-7';

  await page.goto('/dashboard/project/nothing');
  await expect(page).toHaveURL(/\/dashboard\/sign-in\?returnTo=/);
  await page.screenshot({ path: `${SCREENSHOTS}/sign-in.png` });

  await page.goto('/dashboard/sign-up');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await signUpAndConfirm(page, request, email, password);

  // Sign out from the account menu, then sign in with the password.
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/dashboard\/sign-in/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill('wrong-password-123');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard\/organizations$/);

  // Enrol an authenticator app.
  await page.goto('/dashboard/account/security');
  await page.getByRole('button', { name: 'Add authenticator app' }).click();
  await expect(page.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  const totp = new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' });
  await page.screenshot({ path: `${SCREENSHOTS}/mfa-enrol.png` });
  await page.getByLabel('Code').fill(totp.generate());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('list', { name: 'Factors' })).toBeVisible();

  // Sign out and in again: the password alone is not enough, the TOTP code completes it.
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/dashboard\/sign-in/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByLabel('Code')).toBeVisible();
  await page.getByLabel('Code').fill(totp.generate());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard\/organizations$/);
});

test('sign in with an e-mailed code, and with the magic link, read from the local inbox', async ({ page, request }) => {
  const { email } = readFixture();
  const latestMail = async () => {
    const inbox = await (
      await request.get(`/auth/v1/local/inbox?format=json&email=${encodeURIComponent(email)}`, { headers: { 'x-strata-inbox-token': inboxToken() } })
    ).json();
    return inbox.messages[0] as { code: string; link: string; created_at: string };
  };
  await page.goto('/dashboard/sign-in');
  await page.getByRole('link', { name: 'Sign in with email code' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByLabel('Code')).toBeVisible();
  const mail = await latestMail();
  expect(mail.code).toMatch(/^\d{6}$/);
  await page.getByLabel('Code').fill(mail.code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard\/org\//);

  // Signed out, the link of a new mail signs in again (session detected in the URL, then cleared from it).
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/dashboard\/sign-in/);
  await page.getByRole('link', { name: 'Sign in with email code' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByLabel('Code')).toBeVisible();
  await page.goto((await latestMail()).link);
  await expect(page).toHaveURL(/\/dashboard\/(org\/|organizations)/);
  expect(page.url()).not.toContain('access_token');
});

test('sign up: check your email; before the link, "Email not confirmed"; the mailed link lands signed in (issue 13 #6)', async ({ page, request }) => {
  const email = `newcomer-${Date.now()}@example.com`;
  const password = 'Harbour-lights-meadow-58';
  await page.goto('/dashboard/sign-up');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(CHECK_EMAIL_TO_CONFIRM);
  await expect(page).toHaveURL(/\/dashboard\/sign-up$/);
  // No session before the address is proven.
  expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY)).toBeNull();
  await page.screenshot({ path: `${SCREENSHOTS}/sign-up-check-email.png` });

  // Signing in before the address is confirmed: GoTrue's message, verbatim.
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  // The sign-in form first: until it shows, getByLabel('Email') also matches the card titled 'Check your email'.
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Email not confirmed');
  await expect(page).toHaveURL(/\/dashboard\/sign-in$/);
  await page.screenshot({ path: `${SCREENSHOTS}/sign-in-email-not-confirmed.png` });

  // The confirmation mail in the local inbox: its link signs in and opens the console.
  const mail = await latestMail(request, email, SIGN_UP_MAIL);
  expect(mail?.code).toMatch(/^\d{6}$/);
  expect(new URL(mail!.link!).searchParams.get('redirect_to')).toMatch(/\/dashboard\/sign-in$/);
  await page.goto(mail!.link!);
  await expect(page).toHaveURL(/\/dashboard\/organizations$/);
  expect(page.url()).not.toContain('access_token');
  await expect(page.getByTestId('user-menu')).toBeVisible();
  // Used once: the same link again is refused, back on the sign-in page.
  await page.evaluate(() => localStorage.clear());
  await page.goto(mail!.link!);
  await expect(page).toHaveURL(/\/dashboard\/sign-in/);

  // From now on the password signs in.
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard\/organizations$/);
});
