// jest-dom's own vitest typings target the older one-parameter Assertion; Vitest 5 extends Matchers<R, T>.
import 'vitest';
import type { TestingLibraryMatchers } from '@testing-library/jest-dom/matchers';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Matchers<
    R extends void | Promise<void> = void | Promise<void>,
    _T = unknown,
  > extends TestingLibraryMatchers<unknown, R> {}
}
