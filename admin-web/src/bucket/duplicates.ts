import type { DuplicateGroup } from '../api/types';

/**
 * Spec §4: "Select Duplicates picks all but the most recently modified file in each group".
 * A file can sit in several groups (same content, same size, similar name); one that is the
 * newest of any group is kept, so this matches the server's `potentialDeletions`.
 */
export function duplicatesToSelect(groups: DuplicateGroup[]): string[] {
  const keep = new Set<string>();
  const drop = new Set<string>();
  for (const g of groups) {
    const newestFirst = [...g.files].sort(
      (a, b) => new Date(b.lastModified).getTime() - new Date(a.lastModified).getTime(),
    );
    newestFirst.forEach((f, i) => (i === 0 ? keep : drop).add(f.key));
  }
  return [...drop].filter((k) => !keep.has(k));
}

export const GROUP_LABEL: Record<DuplicateGroup['type'], string> = {
  content: 'Same content',
  size: 'Same size',
  'name-similarity': 'Similar name',
};
