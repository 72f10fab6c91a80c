import { type BucketFile, groupByHash, groupByNameSimilarity, groupBySize, nameStem, summarize } from './duplicates.js';

const file = (key: string, size: number, minutesAgo: number): BucketFile => ({
  key,
  size,
  lastModified: new Date(Date.UTC(2025, 0, 1, 12, 0) - minutesAgo * 60_000),
});

describe('nameStem', () => {
  it.each([
    ['photos/Sunset.JPG', 'sunset'],
    ['other/sunset (1).jpg', 'sunset'],
    ['sunset copy.png', 'sunset'],
    ['sunset copy 2.png', 'sunset'],
    ['Sunset-2.webp', 'sunset'],
    ['holiday_beach (3) copy.jpg', 'holidaybeach'],
    ['IMG_0001.jpg', 'img0001'],
    ['uploads/2025/01/0b7c41c2-5d0e-4c4e-9a43-8d2f5d2b3c11.jpg', '0b7c41c25d0e4c4e9a438d2f5d2b3c11'],
  ])('%s → %s', (key, stem) => {
    expect(nameStem(key)).toBe(stem);
  });

  it('has nothing to compare for very short names', () => {
    expect(nameStem('a (1).png')).toBeNull();
    expect(nameStem('x.jpg')).toBeNull();
  });

  it('keeps different camera numbers apart', () => {
    expect(nameStem('IMG_0001.jpg')).not.toBe(nameStem('IMG_0002.jpg'));
  });
});

describe('duplicate groups', () => {
  const files = [
    file('a.png', 100, 30),
    file('copies/a (1).png', 100, 10),
    file('b.png', 100, 20),
    file('c.txt', 7, 5),
    file('empty-1.txt', 0, 1),
    file('empty-2.txt', 0, 2),
  ];

  it('groups by size (never empty files), newest first', () => {
    const groups = groupBySize(files);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.files.map((f) => f.key)).toEqual(['copies/a (1).png', 'b.png', 'a.png']);
    expect(groups[0]!.criteria).toBe('Same size: 100 B (100 bytes)');
  });

  it('groups by hash among the files given', () => {
    const hashes = new Map([
      ['a.png', 'f'.repeat(64)],
      ['copies/a (1).png', 'f'.repeat(64)],
      ['b.png', 'e'.repeat(64)],
    ]);
    const groups = groupByHash(files, hashes);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.type).toBe('content');
    expect(groups[0]!.files.map((f) => f.key)).toEqual(['copies/a (1).png', 'a.png']);
  });

  it('groups by similar names', () => {
    const groups = groupByNameSimilarity([...files, file('notes/empty 1.txt', 3, 0)]);
    expect(groups.map((g) => g.files.map((f) => f.key).sort())).toEqual([
      ['empty-1.txt', 'empty-2.txt', 'notes/empty 1.txt'],
    ]);
  });

  it('counts distinct files, and never offers to delete the newest file of any group', () => {
    const bySize = groupBySize(files); // copies/a (1).png kept; a.png and b.png deletable
    const byName = [
      { type: 'name-similarity' as const, criteria: '', files: [file('b.png', 100, 20), file('d.png', 1, 40)] },
    ];
    expect(summarize([...bySize, ...byName])).toEqual({ totalDuplicateFiles: 4, potentialDeletions: 2 });
    expect(summarize([])).toEqual({ totalDuplicateFiles: 0, potentialDeletions: 0 });
  });
});
