import {
  ApiVisitor,
  assert,
  expect,
  files,
  loadedMediaId,
  newContext,
  newPage,
  shot,
  test,
  waitForNewMedia,
} from './fixtures';

/**
 * The full-size overlay of a video: the upload spec's video (tiny-clip.mp4), shared by a visitor
 * through the API beside the seed photos, shown to a fresh visitor.
 */
test('an uploaded video opens full size in the rating overlay, scaled up to the viewport', async ({
  browser,
  uploader,
}, info) => {
  const fx = await files();
  assert(fx.video, 'ffmpeg is not installed: no video fixture (apt-get install ffmpeg)');
  const clip = await uploader.visitor.upload(fx.video, 'video/mp4');
  // a fresh visitor who has rated all but the seed photos and the video skips until the video comes up
  const c = await newContext(browser, info.project.name === 'phone' ? 'phone' : 'desktop');
  const p = await newPage(c);
  await p.goto('/404-first');
  await p.waitForFunction(() => JSON.parse(localStorage.getItem('hmv.session') ?? 'null')?.username);
  await (await ApiVisitor.of(c)).rateAllBut([...uploader.media.map((m) => m.id), clip.id]);
  await p.goto('/');
  for (let i = 0; i < 15; i++) {
    const id = await loadedMediaId(p);
    if (await p.locator('[data-testid=rate-media] video').count()) break;
    await p.getByRole('button', { name: /Skip this photo/ }).click();
    await waitForNewMedia(p, id);
  }
  const inline = await p.locator('[data-testid=rate-media] video').boundingBox();
  assert(inline, 'no video came up to rate');
  await p.locator('[data-testid=rate-media]').click();
  const video = p.locator('[data-testid=media-overlay] video');
  await video.waitFor();
  await p.waitForFunction(
    () => (document.querySelector<HTMLVideoElement>('[data-testid=media-overlay] video')?.readyState ?? 0) >= 1,
  );
  const { ratio, room } = await video.evaluate((v: HTMLVideoElement) => {
    const stage = v.parentElement!;
    const cs = getComputedStyle(stage);
    return {
      ratio: v.videoWidth / v.videoHeight,
      room: {
        w: stage.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight),
        h: stage.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom),
      },
    };
  });
  const fit = Math.min(room.w, room.h * ratio);
  // the width is set from the video's ratio once its metadata is in
  await expect
    .poll(async () => (await video.boundingBox())!.width, { message: `overlay video ${Math.round(fit)} wide` })
    .toBeGreaterThanOrEqual(fit - 2);
  const box = (await video.boundingBox())!;
  expect(Math.abs(box.width / box.height - ratio), `overlay video box ratio ${box.width / box.height}`).toBeLessThan(
    0.02,
  );
  expect(box.width, 'overlay video narrower than the inline one').toBeGreaterThanOrEqual(inline.width - 1);
  await shot(p, 'rate-overlay-video');
  await c.close();
  for (const m of [...uploader.media, clip])
    await uploader.visitor.call('DELETE', `/api/media/${m.id}?userId=${uploader.visitor.user.id}`);
});
