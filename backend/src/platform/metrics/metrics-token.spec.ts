import { loadConfig } from '../../config/env.js';
import { memoryDestination } from '../logging/memory-destination.js';
import { createRootLogger } from '../logging/root-logger.js';
import { MetricsTokenGate, TOKEN_FAILURES_PER_WINDOW, TOKEN_WINDOW_MS } from './metrics-token.js';

describe('MetricsTokenGate', () => {
  const setup = () => {
    const out = memoryDestination();
    const gate = new MetricsTokenGate(
      loadConfig({ METRICS_TOKEN: 'a-long-enough-metrics-token' }),
      createRootLogger('info', out.stream),
    );
    return { gate, lines: out.lines };
  };

  it('matches the token only', () => {
    const { gate } = setup();
    expect(gate.matches('a-long-enough-metrics-token')).toBe(true);
    expect(gate.matches('a-long-enough-metrics-tokem')).toBe(false);
    expect(gate.matches('')).toBe(false);
  });

  it('counts failures per address, limits past the window quota, and logs once per burst', async () => {
    const { gate, lines } = setup();
    const t0 = 1_000_000;
    for (let i = 0; i < TOKEN_FAILURES_PER_WINDOW; i++) {
      expect(gate.retryAfter('10.0.0.1', t0 + i)).toBe(0);
      gate.failed('10.0.0.1', '/api/metrics', t0 + i);
    }
    expect(gate.retryAfter('10.0.0.1', t0 + 1_000)).toBe(59);
    expect(gate.retryAfter('10.0.0.2', t0 + 1_000)).toBe(0); // another address is not held up
    // the next window: may try again, and failures there are the same burst (no new line)
    expect(gate.retryAfter('10.0.0.1', t0 + TOKEN_WINDOW_MS + 1)).toBe(0);
    gate.failed('10.0.0.1', '/api/metrics', t0 + TOKEN_WINDOW_MS + 1);
    expect(gate.burstOf('10.0.0.1')).toBe(TOKEN_FAILURES_PER_WINDOW + 1);
    await new Promise((r) => setImmediate(r));
    expect(lines.filter((l) => l.ip === '10.0.0.1')).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, ip: '10.0.0.1', where: '/api/metrics' });

    // a quiet minute ends the burst: the next failure is logged again
    gate.failed('10.0.0.1', '/api/health', t0 + 3 * TOKEN_WINDOW_MS);
    await new Promise((r) => setImmediate(r));
    expect(lines.filter((l) => l.ip === '10.0.0.1')).toHaveLength(2);
    expect(gate.burstOf('10.0.0.1')).toBe(1);
  });
});
