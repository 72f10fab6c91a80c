import { BackgroundWork } from './background-work.js';

describe('BackgroundWork', () => {
  it('stops stage by stage, in order, each entry once; a failed stop does not hold up the others', async () => {
    const work = new BackgroundWork();
    const order: string[] = [];
    const slow = (name: string) => async () => {
      await new Promise((r) => setImmediate(r));
      order.push(name);
    };
    work.register('heartbeat', 'workers', slow('heartbeat'));
    work.register('probes', 'last', () => void order.push('probes'));
    work.register('running jobs', 'jobs', slow('running jobs'));
    work.register('mail loop', 'intake', slow('mail loop'));
    work.register('broken', 'intake', () => {
      throw new Error('no');
    });
    expect(work.running()).toEqual([
      'workers:heartbeat',
      'last:probes',
      'jobs:running jobs',
      'intake:mail loop',
      'intake:broken',
    ]);
    await work.onModuleDestroy();
    expect(order).toEqual(['mail loop', 'running jobs', 'heartbeat']);
    expect(work.running()).toEqual(['last:probes']);
    await work.onApplicationShutdown();
    await work.stop();
    expect(order).toEqual(['mail loop', 'running jobs', 'heartbeat', 'probes']);
    expect(work.running()).toEqual([]);
  });

  it('stops at once what registers after its stage stopped', async () => {
    const work = new BackgroundWork();
    await work.stop('intake');
    let stopped = false;
    work.register('late loop', 'intake', () => void (stopped = true));
    await new Promise((r) => setImmediate(r));
    expect(stopped).toBe(true);
    expect(work.running()).toEqual([]);
  });
});
