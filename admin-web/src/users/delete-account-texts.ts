/** The Users page's "Delete account" texts (issue 27): the action, its unit test and the e2e spec quote these. */
export const DELETE_ACCOUNT_TEXTS = {
  button: 'Delete account',
  title: 'Delete account',
  body: (name: string) =>
    `Delete the account "${name}" for good? Its profile, e-mail, sessions, uploads (with their files) and votes go; the scores it voted on are corrected; reports it made stay without its name. Its browsers become guests at once; the rest runs as a job (Jobs list).`,
  done: 'Account deletion started',
  failed: 'Could not delete the account',
} as const;
