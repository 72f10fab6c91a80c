import { Injectable } from '@nestjs/common';
import path from 'node:path';
import { AppConfig } from '../../../../config/env.js';
import { videoOverBudget } from '../../domain/media-budget.js';
import { ffmpegToolsOf } from '../../video-budget.js';
import { type MadeSet, RenditionMaker, UnrenderableMediaError } from '../rendition-maker.js';
import { type FfmpegPaths, grabFrame, makePlayback, probeVideo } from './ffmpeg-video.js';
import { makePictures } from './sharp-pictures.js';

/** Pictures with sharp; videos with ffmpeg (re-encoded, then a poster frame of the re-encoded file through sharp). */
@Injectable()
export class SharpFfmpegRenditionMaker extends RenditionMaker {
  private readonly tools: FfmpegPaths;

  constructor(private readonly config: AppConfig) {
    super();
    this.tools = ffmpegToolsOf(config);
  }

  async image(input: string, workDir: string, animated: boolean): Promise<MadeSet> {
    return makePictures(input, workDir, { animated, full: !animated });
  }

  async video(input: string, workDir: string, signal?: AbortSignal): Promise<MadeSet> {
    const facts = await probeVideo(this.tools, input);
    // imports and items stored before the budget existed are judged too: unrenderable at once, never retried
    const over = videoOverBudget(facts, this.config.mediaLimits);
    if (over) throw new UnrenderableMediaError(over);
    const playback = await makePlayback(this.tools, input, facts, workDir, signal);
    const frame = await grabFrame(this.tools, playback.path, facts.duration, signal);
    if (!frame.length) throw new UnrenderableMediaError('No frame of the video could be decoded');
    // the overlay plays the video: its poster needs no full-size picture
    const pictures = await makePictures(frame, path.join(workDir), { animated: false, full: false });
    return {
      width: playback.width,
      height: playback.height,
      placeholder: pictures.placeholder,
      thumb: pictures.thumb,
      preview: pictures.preview,
      playback,
    };
  }
}
