import { memoryDestination } from './memory-destination.js';
import { OutageLog } from './outage-log.js';
import { createRootLogger } from './root-logger.js';

describe('OutageLog', () => {
  const make = () => {
    const { stream, lines } = memoryDestination();
    return { outages: new OutageLog(createRootLogger('info', stream)), lines };
  };
  const flush = () => new Promise((r) => setImmediate(r));
  const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

  it('logs one line when a dependency goes down and one when it is back, however many failures come between', async () => {
    const { outages, lines } = make();
    for (let i = 0; i < 50; i++) outages.failed('database', refused());
    expect(outages.isDown('database')).toBe(true);
    outages.recovered('database');
    outages.recovered('database');
    await flush();
    expect(lines.map((l) => [l.level, l.msg, l.dependency, l.outage])).toEqual([
      [50, 'database is unavailable', 'database', 'started'],
      [30, 'database is available again', 'database', 'ended'],
    ]);
    expect(lines[0]!.err).toMatchObject({ message: 'connect ECONNREFUSED 127.0.0.1:5432' });
    expect(typeof lines[1]!.downSeconds).toBe('number');
  });

  it('probes a down dependency every second until it answers, then logs the recovery', async () => {
    vi.useFakeTimers();
    try {
      const { outages, lines } = make();
      let answers = false;
      let probes = 0;
      outages.probe('storage', async () => {
        probes++;
        if (!answers) throw new Error('still down');
      });
      outages.failed('storage', new Error('socket hang up'));
      await vi.advanceTimersByTimeAsync(3_000);
      expect(outages.isDown('storage')).toBe(true);
      answers = true;
      await vi.advanceTimersByTimeAsync(1_000);
      expect(outages.isDown('storage')).toBe(false);
      expect(probes).toBe(4);
      await vi.advanceTimersByTimeAsync(5_000);
      expect(probes).toBe(4); // no probing once it is back
      expect(lines.map((l) => l.outage)).toEqual(['started', 'ended']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends a background failure to the outage when it names a dependency, to the caller otherwise', async () => {
    const { outages, lines } = make();
    const other: unknown[] = [];
    outages.report(refused(), () => other.push('refused'));
    outages.report(new Error('a bug'), () => other.push('bug'));
    await flush();
    expect(other).toEqual(['bug']);
    expect(lines.map((l) => l.msg)).toEqual(['database is unavailable']);
    outages.stop();
  });
});
