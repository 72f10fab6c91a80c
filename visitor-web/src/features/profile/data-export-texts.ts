/** The Profile's "Download my data" texts, in one place: the card and its tests quote these. */
export const DATA_EXPORT_TEXTS = {
  title: 'Download my data',
  intro:
    'A zip file with your profile, every vote you cast, your uploads with their statistics, and the uploads themselves. You can download it once an hour.',
  button: 'Download my data',
  checking: 'Preparing your download...',
  started: 'Your download has started.',
  failed: 'Could not start the download. Please try again.',
} as const;
