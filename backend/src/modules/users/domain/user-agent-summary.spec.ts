import { splitSummary, summarizeUserAgent } from './user-agent-summary.js';

describe('summarizeUserAgent', () => {
  it.each([
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox on Windows'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      'Edge on macOS',
    ],
    ['curl/8.5.0', 'Unknown browser on Unknown system'],
  ])('%s → %s', (ua, summary) => {
    expect(summarizeUserAgent(ua)).toBe(summary);
  });

  it('answers null without a user agent and splits a summary back', () => {
    expect(summarizeUserAgent(undefined)).toBeNull();
    expect(splitSummary('Samsung Internet on Android')).toEqual({ browser: 'Samsung Internet', system: 'Android' });
    expect(splitSummary(null)).toEqual({ browser: 'Unknown browser', system: 'Unknown system' });
  });
});
