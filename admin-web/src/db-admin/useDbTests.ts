import { useCallback, useRef, useState } from 'react';
import { HttpError, useDataProvider } from 'react-admin';
import { TEXTS } from '../lib/texts';
import type { AdminDataProvider } from '../providers/data-provider';
import type { DbTestName } from '../api/types';
import { describeResult, initialTests, TESTS, type TestItem } from './db-tests';

/** Spec §8: the server's reason, else 'HTTP {status}', else the check's own failure text. */
function testError(err: unknown, failure: string): string {
  if (err instanceof HttpError) {
    if (err.status === 401) return TEXTS.sessionExpired;
    const message = (err.body as { message?: unknown } | undefined)?.message;
    return typeof message === 'string' && message ? message : `HTTP ${err.status}`;
  }
  return failure;
}

/** Runs the checks one at a time, each going pending → running → success | error with its duration. */
export function useDbTests() {
  const dp = useDataProvider<AdminDataProvider>();
  const [tests, setTests] = useState<TestItem[]>(initialTests);
  const [runningAll, setRunningAll] = useState(false);
  const busy = useRef(false);

  const update = (name: DbTestName, patch: Partial<TestItem>) =>
    setTests((list) => list.map((t) => (t.name === name ? { ...t, ...patch } : t)));

  const run = useCallback(
    async (name: DbTestName) => {
      const spec = TESTS.find((t) => t.name === name)!;
      update(name, { status: 'running', error: '', result: '' });
      const started = performance.now();
      try {
        const answer = await dp.runDbTest(name);
        update(name, {
          status: 'success',
          result: describeResult(name, answer),
          durationMs: answer.durationMs ?? Math.round(performance.now() - started),
        });
      } catch (err) {
        update(name, {
          status: 'error',
          error: testError(err, spec.failure),
          durationMs: Math.round(performance.now() - started),
        });
      }
    },
    [dp],
  );

  const runAll = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setRunningAll(true);
    setTests(initialTests());
    try {
      for (const t of TESTS) await run(t.name);
    } finally {
      busy.current = false;
      setRunningAll(false);
    }
  }, [run]);

  return { tests, run, runAll, runningAll };
}
