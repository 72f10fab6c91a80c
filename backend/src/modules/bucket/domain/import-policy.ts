/**
 * Which bucket objects an import looks at. A name with one of these extensions (or none) is
 * sniffed; the content decides (media's upload policy). Anything else (.txt, .json, ...) is skipped.
 */
const MEDIA_NAME_EXTENSIONS = new Set(['jpg', 'jpeg', 'jpe', 'jfif', 'png', 'gif', 'webp', 'mp4']);

export const isImportCandidate = (extension: string | null): boolean =>
  extension === null || MEDIA_NAME_EXTENSIONS.has(extension);

/** Objects per checkpoint: a killed import redoes at most this many sniffs. */
export const IMPORT_BATCH = 50;

/** The original name shown for an imported file: its last key segment, within the column's 255. */
export const importedName = (key: string): string =>
  Array.from(key.split('/').pop() ?? key)
    .slice(-255)
    .join('');
