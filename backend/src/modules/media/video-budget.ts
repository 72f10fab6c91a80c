import { Injectable } from '@nestjs/common';
import path from 'node:path';
import { AppConfig } from '../../config/env.js';
import { DomainError } from '../../platform/domain-error.js';
import { assertVideoWithinBudget } from './domain/media-budget.js';
import { NOT_A_PLAYABLE_MP4 } from './domain/upload-policy.js';
import { type FfmpegPaths, probeVideo } from './renditions/infrastructure/ffmpeg-video.js';
import { ToolMissingError } from './renditions/infrastructure/run-tool.js';
import { UnrenderableMediaError } from './renditions/rendition-maker.js';
import { workRootOf } from './work-dir.js';

/** Where tool runs note their pids (run-tool.ts reapOrphanTools). */
export const toolPidDirOf = (dataDir: string): string => path.join(workRootOf(dataDir), 'tools');

/** The ffmpeg settings every tool run reads: paths, memory, pid files. */
export const ffmpegToolsOf = (config: AppConfig): FfmpegPaths => ({
  ffmpeg: config.ffmpegPath,
  ffprobe: config.ffprobePath,
  memoryMb: config.mediaToolMemoryMb,
  pidDir: toolPidDirOf(config.dataDir),
});

/**
 * The upload's check of a video before it is stored (issue 26 item 3): its header read by
 * ffprobe under its own small time, CPU and memory limits, then judged by the budget (422 with
 * the reason). A file ffprobe cannot read as a video is refused (415). Without ffprobe nothing
 * is ever decoded here, so nothing is judged either.
 */
@Injectable()
export class VideoBudget {
  private readonly tools: FfmpegPaths;

  constructor(private readonly config: AppConfig) {
    this.tools = ffmpegToolsOf(config);
  }

  async check(file: string): Promise<void> {
    let header;
    try {
      header = await probeVideo(this.tools, file);
    } catch (err) {
      if (err instanceof ToolMissingError) return;
      if (err instanceof UnrenderableMediaError) throw new DomainError('unsupported_media_type', NOT_A_PLAYABLE_MP4);
      throw err;
    }
    assertVideoWithinBudget(header, this.config.mediaLimits);
  }
}
