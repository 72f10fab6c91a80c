import { ApiVisitor, assert, auditPage, expect, files, focusIn, newContext, newPage, shot, test } from './fixtures';

/**
 * "Delete my account" (issue 27): the Profile's danger zone, its dialog (focus inside, the
 * username typed out, a wrong one refused with the reason), and the browser a fresh guest
 * afterwards: a new username, and the old cookie opens nothing. At both sizes.
 */
test('a visitor deletes the account from Profile and is a fresh guest afterwards', async ({ browser }, info) => {
  const size = info.project.name === 'phone' ? 'phone' : 'desktop';
  test.setTimeout(120_000);
  const ctx = await newContext(browser, size);
  const page = await newPage(ctx);
  await page.goto('/profile');
  await page.getByRole('heading', { name: 'Delete my account' }).waitFor();
  const before = await ApiVisitor.of(ctx);
  const fx = await files();
  await before.upload(fx.seed[0]!, 'image/jpeg', 'leaving.jpg', { rendered: false });
  const oldCookie = before.cookie;

  const zone = page.locator('section', { has: page.getByRole('heading', { name: 'Delete my account' }) });
  await zone.scrollIntoViewIfNeeded();
  const open = zone.getByRole('button', { name: 'Delete my account' });
  const box = (await open.boundingBox())!;
  expect(box.height, 'the danger zone button is a 44 px target').toBeGreaterThanOrEqual(44);
  await shot(page, 'profile-danger-zone');

  // the keyboard opens it, focus lands in the dialog's field and stays in the dialog
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.waitFor();
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const f = await focusIn(page, '[role=dialog]');
  assert(f.inside && f.tag === 'INPUT', `focus on ${f.tag} "${f.label}" instead of the username field`);
  await expect(dialog).toContainText('every vote you cast');
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('Tab');
    assert((await focusIn(page, '[role=dialog]')).inside, `Tab ${i + 1} left the dialog`);
  }
  const field = dialog.getByLabel(`Type your username, ${before.user.username}, to confirm`);
  await field.fill(`${before.user.username}x`);
  await field.press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText('The username you typed does not match your account');
  for (const name of ['Cancel', 'Delete my account']) {
    const b = (await dialog.getByRole('button', { name, exact: true }).boundingBox())!;
    expect(Math.min(b.height, b.width), `${name} is a 44 px target`).toBeGreaterThanOrEqual(44);
  }
  await shot(page, 'delete-account-dialog');
  await auditPage(page, 'delete-account-dialog');

  // Escape closes it and gives focus back to the button
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await expect(open).toBeFocused();

  await open.click();
  await dialog.getByLabel(`Type your username, ${before.user.username}, to confirm`).fill(before.user.username);
  await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: 'Delete my account' }).click()]);
  await page.getByRole('heading', { name: 'Delete my account' }).waitFor();

  // a fresh guest: another user, another name; the old cookie opens nothing
  const after = await ApiVisitor.of(ctx);
  expect(after.user.id).not.toBe(before.user.id);
  expect(after.user.username).not.toBe(before.user.username);
  const old = new ApiVisitor();
  old.cookie = oldCookie;
  expect((await old.call('GET', '/api/session')).status).toBe(401);
  expect((await old.call('GET', `/api/users/${before.user.id}/stats`)).status).toBe(401);
  await ctx.close();
});
