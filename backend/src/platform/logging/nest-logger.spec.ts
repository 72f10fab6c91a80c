import { memoryDestination } from './memory-destination.js';
import { PinoNestLogger } from './nest-logger.js';
import { createRootLogger } from './root-logger.js';

describe('PinoNestLogger', () => {
  const make = (level = 'info') => {
    const { stream, lines } = memoryDestination();
    return { logger: new PinoNestLogger(createRootLogger(level, stream)), lines };
  };
  const flush = () => new Promise((r) => setImmediate(r));

  it('writes the message with its context (the last argument)', async () => {
    const { logger, lines } = make();
    logger.log('Mapped {/api/votes, POST} route', 'RouterExplorer');
    logger.warn('queue slow', 'Jobs');
    await flush();
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, msg: 'Mapped {/api/votes, POST} route', context: 'RouterExplorer' }),
      expect.objectContaining({ level: 40, msg: 'queue slow', context: 'Jobs' }),
    ]);
  });

  it("keeps an error's stack, also in Nest's (message, stack, context) form", async () => {
    const { logger, lines } = make();
    logger.error(new Error('boom'), 'ErrorFilter');
    logger.error('Unhandled', 'Error: x\n    at f (file.js:1:1)', 'ExceptionsHandler');
    await flush();
    expect(lines[0]).toMatchObject({ level: 50, msg: 'boom', context: 'ErrorFilter', err: { message: 'boom' } });
    expect((lines[0]!.err as { stack: string }).stack).toContain('Error: boom');
    expect(lines[1]).toMatchObject({
      level: 50,
      msg: 'Unhandled',
      context: 'ExceptionsHandler',
      err: { stack: 'Error: x\n    at f (file.js:1:1)' },
    });
  });

  it('drops what is below the level', async () => {
    const { logger, lines } = make('warn');
    logger.log('hello', 'Ctx');
    logger.debug('details', 'Ctx');
    logger.error('bad', 'Ctx');
    await flush();
    expect(lines.map((l) => l.msg)).toEqual(['bad']);
  });
});
