import { runTool, ToolFailedError } from './run-tool.js';

describe('runTool limits', () => {
  it('a tool that spins past its CPU seconds is ended by the kernel, as "cpu-limit" (the input is at fault)', async () => {
    const err = await runTool('sh', ['-c', 'while :; do :; done'], { timeoutMs: 120_000, cpuSeconds: 1 }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ToolFailedError);
    expect((err as ToolFailedError).stopped).toBe('cpu-limit');
  });

  it('an aborted run kills the whole process group, the tool’s children included', async () => {
    const stop = new AbortController();
    const run = runTool('sh', ['-c', 'sleep 300 & sleep 300; wait'], { timeoutMs: 120_000, signal: stop.signal });
    setTimeout(() => stop.abort(), 200);
    const err = await run.catch((e: unknown) => e);
    expect((err as ToolFailedError).stopped).toBe('aborted');
  });
});
