import path from 'node:path';

/** Where background work (renditions, imports) unpacks files: apart from upload temp files. */
export const workRootOf = (dataDir: string): string => path.join(dataDir, 'work');
