/** One file a rendition job made, in its work folder. */
export interface MadeFile {
  path: string;
  mimeType: string;
  ext: string;
  width: number;
  height: number;
  /** an animation's preview: its thumbnail is a still, never a stand-in for it */
  animated?: boolean;
}

/** What the maker makes of one original: the display size, a placeholder and the files. */
export interface MadeSet {
  width: number;
  height: number;
  placeholder: string;
  thumb: MadeFile;
  preview: MadeFile;
  /** photos that are not animations: the full-size overlay's picture */
  full?: MadeFile;
  playback?: MadeFile;
}

/** The original cannot be turned into renditions (undecodable, no video stream): the item keeps showing its original. */
export class UnrenderableMediaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnrenderableMediaError';
  }
}

/**
 * Makes renditions of an original on local disk into `workDir` (sharp for pictures and posters,
 * ffmpeg for video). Throws UnrenderableMediaError when the input is at fault; anything else is
 * a passing trouble (disk, a killed tool) and the job is retried.
 */
export abstract class RenditionMaker {
  abstract image(input: string, workDir: string, animated: boolean): Promise<MadeSet>;
  abstract video(input: string, workDir: string, signal?: AbortSignal): Promise<MadeSet>;
}
