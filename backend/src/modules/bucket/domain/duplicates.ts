/** Duplicate detection over a bucket listing (spec §3 "Duplicate group", §4 "Select Duplicates"). */
export interface BucketFile {
  key: string;
  size: number;
  lastModified: Date;
}

export type DuplicateType = 'content' | 'size' | 'name-similarity';

export interface DuplicateGroup {
  type: DuplicateType;
  criteria: string;
  /** Most recently modified first: the one "Select Duplicates" keeps. */
  files: BucketFile[];
}

const newestFirst = (a: BucketFile, b: BucketFile) =>
  b.lastModified.getTime() - a.lastModified.getTime() || a.key.localeCompare(b.key);

function groupsOf(files: readonly BucketFile[], keyOf: (f: BucketFile) => string | null): BucketFile[][] {
  const by = new Map<string, BucketFile[]>();
  for (const f of files) {
    const k = keyOf(f);
    if (k === null) continue;
    const list = by.get(k);
    if (list) list.push(f);
    else by.set(k, [f]);
  }
  return [...by.values()].filter((g) => g.length > 1).map((g) => g.sort(newestFirst));
}

/** Decimal units (1 MB = 10^6 bytes), as the web apps show sizes. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = bytes / 1000;
  let i = 0;
  while (v >= 999.95 && i < units.length - 1) {
    v /= 1000;
    i++;
  }
  return `${v.toFixed(v < 10 ? 2 : 1)} ${units[i]}`;
}

/** Files of the same non-zero size: the candidates for identical content. */
export function groupBySize(files: readonly BucketFile[]): DuplicateGroup[] {
  return groupsOf(files, (f) => (f.size > 0 ? String(f.size) : null)).map((g) => ({
    type: 'size',
    criteria: `Same size: ${formatBytes(g[0]!.size)} (${g[0]!.size} bytes)`,
    files: g,
  }));
}

/**
 * A file name reduced to what copies share: no folder, extension, case, copy markers
 * ("photo (1)", "photo copy 2", "photo-2") or punctuation. Null when too little is left to compare.
 */
export function nameStem(key: string): string | null {
  let stem = (key.split('/').pop() ?? '').toLowerCase().replace(/\.[a-z0-9]{1,5}$/, '');
  for (let previous = ''; previous !== stem;) {
    previous = stem;
    stem = stem.replace(/(\s*\(\d{1,3}\)|[\s_-]*copy(\s*\d{1,3})?|[\s_-]+\d{1,2})$/, '').trim();
  }
  stem = stem.replace(/[^a-z0-9]+/g, '');
  return stem.length >= 3 ? stem : null;
}

export function groupByNameSimilarity(files: readonly BucketFile[]): DuplicateGroup[] {
  return groupsOf(files, (f) => nameStem(f.key)).map((g) => ({
    type: 'name-similarity',
    criteria: `Similar names: "${nameStem(g[0]!.key)}"`,
    files: g,
  }));
}

/** Groups of files whose content hashes match (hashes computed by the caller). */
export function groupByHash(files: readonly BucketFile[], hashOf: ReadonlyMap<string, string>): DuplicateGroup[] {
  return groupsOf(files, (f) => hashOf.get(f.key) ?? null).map((g) => ({
    type: 'content',
    criteria: `Identical content (SHA-256 ${hashOf.get(g[0]!.key)!.slice(0, 12)}…, ${formatBytes(g[0]!.size)})`,
    files: g,
  }));
}

/**
 * totalDuplicateFiles: distinct files in any group. potentialDeletions: distinct files that
 * "Select Duplicates" would pick (all but the newest of each group), never the newest of any group.
 */
export function summarize(groups: readonly DuplicateGroup[]): {
  totalDuplicateFiles: number;
  potentialDeletions: number;
} {
  const inGroups = new Set<string>();
  const keep = new Set<string>();
  for (const g of groups) {
    keep.add(g.files[0]!.key);
    for (const f of g.files) inGroups.add(f.key);
  }
  let deletions = 0;
  for (const key of inGroups) if (!keep.has(key)) deletions++;
  return { totalDuplicateFiles: inGroups.size, potentialDeletions: deletions };
}
