import { isRedirectUrl, publicConfig } from './redirect-config.js';

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
