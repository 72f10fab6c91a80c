import { isRedirectUrl, normaliseRedirectUrl, publicConfig } from './redirect-config.js';

describe('redirect rules', () => {
  it.each([
    ['https://example.com/landing?x=1', true],
    ['http://example.com', true],
    ['', true],
    ['javascript:alert(1)', false],
    ['/relative/path', false],
    ['example.com', false],
    ['ftp://example.com/file', false],
    ['data:text/html,hi', false],
  ])('%s is a redirect target: %s', (url, ok) => {
    expect(isRedirectUrl(url)).toBe(ok);
  });

  it.each([
    ['https://example.com@evil.com', 'user-info hides the real host'],
    ['https://user:pass@example.com/', 'credentials in the URL'],
    ['https://@example.com/', 'an empty user-info'],
    ['http:evil.com', 'no // after the scheme'],
    ['http:/evil.com', 'one slash'],
    ['https:\\\\evil.com', 'backslashes read as slashes by browsers'],
    ['https://exa mple.com/', 'whitespace'],
    ['https://example.com/\u0000x', 'a NUL byte'],
    ['https://example.com/\nx', 'a line break'],
    ['https:///path', 'no host'],
  ])('refuses %j (%s)', (url) => {
    expect(normaliseRedirectUrl(url)).toBeNull();
    expect(isRedirectUrl(url)).toBe(false);
  });

  it.each([
    ['HTTPS://Example.COM', 'https://example.com/'],
    ['https://example.com:443/a/../b?q=1#top', 'https://example.com/b?q=1#top'],
    ['http://bücher.example/ä', 'http://xn--bcher-kva.example/%C3%A4'],
    ['https://example.com/landing?x=1', 'https://example.com/landing?x=1'],
    ['', ''],
  ])('stores %j as %j', (url, stored) => {
    expect(normaliseRedirectUrl(url)).toBe(stored);
  });

  it('is disabled with defaults when nothing is configured', () => {
    expect(publicConfig(null, null)).toEqual({
      enabled: false,
      idleRedirectTime: 300,
      idleRedirectUrl: '',
      backButtonUrl: '',
    });
  });

  it('ignores inactive settings', () => {
    const idle = {
      id: 1,
      idleRedirectTime: 60,
      idleRedirectUrl: 'https://a.example',
      isActive: false,
      createdAt: new Date(),
    };
    const back = { id: 1, backButtonUrl: 'https://b.example', isActive: false, createdAt: new Date() };
    expect(publicConfig(idle, back)).toEqual({
      enabled: false,
      idleRedirectTime: 60,
      idleRedirectUrl: '',
      backButtonUrl: '',
    });
  });
});
