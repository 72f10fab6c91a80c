/** The Profile's "Delete my account" texts, in one place: the card, the dialog and their tests quote these. */
export const DELETE_ACCOUNT_TEXTS = {
  title: 'Delete my account',
  intro: 'Deleting your account cannot be undone.',
  open: 'Delete my account',
  dialogTitle: 'Delete your account?',
  whatGoes: 'This deletes, for good:',
  items: [
    'your profile: username, e-mail address and location',
    'every photo and video you uploaded, with their statistics',
    'every vote you cast (the scores of what you rated are corrected)',
    'your signed-in devices and login links',
  ],
  whatStays:
    'Reports you made stay for our moderators, without your name. Afterwards this browser starts again as a new guest.',
  confirmLabel: (username: string) => `Type your username, ${username}, to confirm`,
  mismatch: 'The username you typed does not match your account',
  cancel: 'Cancel',
  confirm: 'Delete my account',
  deleting: 'Deleting...',
  failed: 'Could not delete your account. Please try again.',
  deleted: 'Your account was deleted',
} as const;
