import { poolSize, populationJobId, type PopulationRun, resultOf } from './population.js';

const run = (over: Partial<PopulationRun>): PopulationRun => ({
  id: 3,
  state: 'running',
  segment: 2,
  jobId: 'populate-votes-r3-s2',
  totalMediaCount: 40,
  mediaProcessed: 10,
  votesInserted: 301,
  hotVotesInserted: 256,
  usersCreated: 50,
  userIdMin: 101,
  userIdMax: 150,
  message: null,
  createdAt: new Date(),
  finishedAt: null,
  idleMs: 0,
  ...over,
});

describe('vote population rules', () => {
  it('creates enough fake users for 50 distinct votes per media, about 100 votes each, at most 5,000', () => {
    expect(poolSize(1)).toBe(50);
    expect(poolSize(1000)).toBe(300);
    expect(poolSize(1_000_000)).toBe(5000);
  });

  it('names one job per run segment', () => {
    expect(populationJobId({ id: 7, segment: 3 })).toBe('populate-votes-r7-s3');
  });

  it('reports the spec result fields for each state', () => {
    expect(resultOf(run({}))).toEqual({
      success: true,
      paused: false,
      state: 'running',
      message: 'Populating votes: 301 votes on 10 of 40 media from 50 fake users',
      mediaProcessed: 10,
      totalMediaCount: 40,
      totalVotesInserted: 301,
      usersCreated: 50,
      overallHotPercentage: 85,
      userIdRange: '101-150',
    });
    expect(resultOf(run({ state: 'paused' }))).toMatchObject({ paused: true, success: true });
    expect(resultOf(run({ state: 'failed', message: 'Population failed: boom' }))).toMatchObject({
      success: false,
      message: 'Population failed: boom',
    });
    expect(resultOf(run({ votesInserted: 0, hotVotesInserted: 0, userIdMin: null, userIdMax: null }))).toMatchObject({
      overallHotPercentage: 0,
      userIdRange: null,
    });
    expect(resultOf(null)).toMatchObject({ state: 'not-started', totalVotesInserted: 0 });
  });
});
