import { failedAt, unavailableDependency } from './dependency-errors.js';

describe('unavailableDependency', () => {
  const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

  it('names the database for connection failures, server shutdowns and a full pool', () => {
    for (const err of [
      withCode('ECONNREFUSED'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('08006'),
      withCode('53300', 'sorry, too many clients already'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      // TypeORM's QueryFailedError keeps the driver's error apart
      Object.assign(new Error('Query failed'), { driverError: withCode('57P01') }),
    ])
      expect(unavailableDependency(err)).toBe('database');
  });

  it('names object storage for an S3 call with no answer, a 5xx or a timeout; not for a 4xx', () => {
    expect(unavailableDependency(Object.assign(new Error('connect'), { $metadata: {} }))).toBe('storage');
    expect(unavailableDependency(Object.assign(new Error('slow'), { $metadata: { httpStatusCode: 503 } }))).toBe(
      'storage',
    );
    expect(unavailableDependency(Object.assign(new Error('denied'), { $metadata: { httpStatusCode: 403 } }))).toBe(
      null,
    );
  });

  it('leaves bugs and refusals alone: they are not outages', () => {
    for (const err of [
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      withCode('23505', 'duplicate key value violates unique constraint'),
      withCode('42P01', 'relation "media" does not exist'),
      withCode('ENOTDIR'),
      null,
      'text',
    ])
      expect(unavailableDependency(err)).toBe(null);
  });

  it('names the dependency a bare socket error was tagged with (a streamed S3 upload), and leaves bugs alone', () => {
    expect(unavailableDependency(failedAt('storage', withCode('ECONNREFUSED')))).toBe('storage');
    expect(unavailableDependency(failedAt('storage', new TypeError('bug')))).toBeNull();
  });
});
