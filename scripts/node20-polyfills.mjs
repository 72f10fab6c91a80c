// Vitest 5's reporter calls Map.groupBy / Object.groupBy, which arrived in Node 21. Node 20 is
// this project's floor (it is what the machines run), so fill them in for the test runner.
if (typeof Map.groupBy !== 'function') {
  Map.groupBy = (items, key) => {
    const map = new Map();
    let i = 0;
    for (const item of items) {
      const k = key(item, i++);
      if (!map.has(k)) map.set(k, []);
      map.get(k).push(item);
    }
    return map;
  };
}
if (typeof Object.groupBy !== 'function') {
  Object.groupBy = (items, key) => Object.fromEntries(Map.groupBy(items, key));
}
