/** The Profile's "Signed-in devices" texts, in one place: the card and its tests quote these. */
export const DEVICE_TEXTS = {
  title: 'Signed-in devices',
  intro: 'Every browser signed in to your account. Sign out the ones you do not recognise.',
  thisDevice: 'This device',
  signOut: 'Sign out',
  signOutOthers: 'Sign out everywhere else',
  signedOutOne: 'Device signed out',
  signedOutOthers: (n: number) => (n === 1 ? '1 other device signed out' : `${n} other devices signed out`),
  failed: 'Could not sign the device out. Please try again.',
  loadFailed: 'Could not load your devices.',
  activeNow: 'Active now',
  lastSeen: (when: string) => `Last seen ${when}`,
  unknownNetwork: 'Unknown network',
} as const;
