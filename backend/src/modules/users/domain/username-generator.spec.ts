import { generateUniqueUsername, randomUsername } from './username-generator.js';

describe('username generator', () => {
  it('joins an adjective, a verb and an animal, each capitalised', () => {
    for (let i = 0; i < 50; i++) expect(randomUsername()).toMatch(/^([A-Z][a-z]+){1}[A-Z][a-z]+ing[A-Z][a-z]+$/);
  });

  it('adds a numeric suffix when fresh draws keep colliding', async () => {
    const name = await generateUniqueUsername(async (n) => !/\d$/.test(n));
    expect(name).toMatch(/^[A-Za-z]+\d{2,4}$/);
  });

  it('returns the first free draw', async () => {
    const tried: string[] = [];
    const name = await generateUniqueUsername(async (n) => {
      tried.push(n);
      return tried.length < 3;
    });
    expect(tried).toHaveLength(3);
    expect(name).toBe(tried[2]);
  });
});
