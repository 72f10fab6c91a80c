import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  BASE,
  BROWSER_VISITORS,
  expectToast,
  linkFromEml,
  mailsTo,
  newContext,
  newPage,
  test as setup,
  visitorStateFile,
} from './fixtures';

/**
 * The `setup` project: visitors whose session the app itself started (its session record in
 * localStorage, its cookie), saved as storage states in the run's data dir, one for each spec and
 * size that begins with a browser visitor (`seed.browserVisitor(name)`); each spec seeds what else
 * it needs through the API. No page is opened on the rating screen: the site stays empty.
 */
setup('browser-made visitors for the specs that begin with one', async ({ browser }) => {
  for (const name of BROWSER_VISITORS.filter((n) => n !== 'account')) {
    const ctx = await newContext(browser, 'desktop');
    const page = await newPage(ctx);
    await page.goto('/404-first');
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('hmv.session') ?? 'null')?.username);
    mkdirSync(path.dirname(visitorStateFile(name)), { recursive: true });
    await ctx.storageState({ path: visitorStateFile(name) });
    await ctx.close();
  }
});

/**
 * The saved account (`seed.savedAccount()`): a visitor who sent the save link from Edit Profile
 * and confirmed it from the outbox; the app adopts the session the link hands over.
 */
setup('a saved account, its e-mail verified through the outbox', async ({ browser }) => {
  const ctx = await newContext(browser, 'desktop');
  const page = await newPage(ctx);
  await page.goto('/profile');
  await page.getByText('Secure Account Access').waitFor();
  const email = `saved-${Date.now()}@example.com`;
  const card = page.locator('.save-card');
  await card.getByLabel('Email address').fill(email);
  await card.getByRole('button', { name: 'Send Magic Link' }).click();
  await expectToast(page, 'Magic Link Sent!');
  const [raw] = await mailsTo(email);
  const link = new URL(linkFromEml(raw!));
  await page.goto(BASE + link.pathname + link.search);
  await page.getByRole('button', { name: 'Save my account' }).click();
  await page.waitForURL((u) => u.pathname === '/' && u.searchParams.get('verified') === 'true', { timeout: 15_000 });
  await page.waitForURL((u) => u.pathname === '/' && !u.search, { timeout: 15_000 });
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('hmv.session') ?? 'null')?.emailVerified === true);
  mkdirSync(path.dirname(visitorStateFile('account')), { recursive: true });
  await ctx.storageState({ path: visitorStateFile('account') });
  await ctx.close();
});
