/** Types of the e2e fixtures (fixtures.mjs) for the specs. */
export function makeImage(
  file: string,
  i: number,
  options?: { width?: number; height?: number; format?: 'jpeg' | 'png' },
): Promise<string>;
export function makeVideo(file: string, seconds?: number): string;
export function seedBucket(mediaDir: string, count: number): Promise<{ keys: string[]; videos: number }>;
