import { randomInt } from 'node:crypto';

// adjective + verb + animal, e.g. HappyJumpingOtter (DESIGN.md); 60×40×60 = 144,000 names
const ADJECTIVES = [
  'Happy', 'Brave', 'Calm', 'Clever', 'Cosmic', 'Cozy', 'Curious', 'Daring', 'Dreamy', 'Eager',
  'Fancy', 'Fierce', 'Fluffy', 'Friendly', 'Funky', 'Gentle', 'Giddy', 'Glowing', 'Golden', 'Grand',
  'Groovy', 'Jolly', 'Keen', 'Kind', 'Lively', 'Lucky', 'Mellow', 'Mighty', 'Misty', 'Noble',
  'Peppy', 'Plucky', 'Polite', 'Proud', 'Quick', 'Quiet', 'Radiant', 'Rapid', 'Rosy', 'Rusty',
  'Shiny', 'Silly', 'Sleepy', 'Snappy', 'Sneaky', 'Sparkly', 'Spicy', 'Sunny', 'Swift', 'Tiny',
  'Vivid', 'Wacky', 'Wild', 'Wise', 'Witty', 'Zany', 'Zesty', 'Bold', 'Breezy', 'Chill',
];
const VERBS = [
  'Jumping', 'Dancing', 'Running', 'Singing', 'Flying', 'Swimming', 'Dreaming', 'Laughing', 'Racing', 'Rolling',
  'Skipping', 'Sliding', 'Smiling', 'Spinning', 'Surfing', 'Thinking', 'Wandering', 'Whistling', 'Yodeling', 'Zooming',
  'Bouncing', 'Climbing', 'Cooking', 'Diving', 'Drifting', 'Floating', 'Gliding', 'Hopping', 'Hiking', 'Juggling',
  'Napping', 'Painting', 'Prancing', 'Reading', 'Roaming', 'Sailing', 'Skating', 'Sneezing', 'Strolling', 'Twirling',
];
const ANIMALS = [
  'Otter', 'Panda', 'Fox', 'Koala', 'Tiger', 'Lion', 'Eagle', 'Dolphin', 'Penguin', 'Rabbit',
  'Badger', 'Beaver', 'Bison', 'Camel', 'Cheetah', 'Falcon', 'Ferret', 'Gecko', 'Giraffe', 'Hedgehog',
  'Heron', 'Hippo', 'Jaguar', 'Kangaroo', 'Lemur', 'Llama', 'Lynx', 'Meerkat', 'Moose', 'Narwhal',
  'Octopus', 'Owl', 'Parrot', 'Pelican', 'Puffin', 'Quokka', 'Raccoon', 'Raven', 'Salmon', 'Seal',
  'Sloth', 'Sparrow', 'Squirrel', 'Swan', 'Toucan', 'Turtle', 'Walrus', 'Whale', 'Wolf', 'Wombat',
  'Yak', 'Zebra', 'Alpaca', 'Bear', 'Crab', 'Duck', 'Frog', 'Goose', 'Moth', 'Newt',
];

const pick = (list: readonly string[]) => list[randomInt(list.length)]!;

export function randomUsername(): string {
  return `${pick(ADJECTIVES)}${pick(VERBS)}${pick(ANIMALS)}`;
}

/**
 * A free name: a few fresh draws, then a numeric suffix on the last one so it always ends.
 * `isTaken` is the case-insensitive check against the database.
 */
export async function generateUniqueUsername(isTaken: (name: string) => Promise<boolean>): Promise<string> {
  let name = randomUsername();
  for (let attempt = 0; attempt < 5; attempt++) {
    if (!(await isTaken(name))) return name;
    name = randomUsername();
  }
  for (;;) {
    const candidate = `${name}${randomInt(10, 10_000)}`;
    if (!(await isTaken(candidate))) return candidate;
  }
}
