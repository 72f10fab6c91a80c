import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MediaStat } from '../../../api/types';
import { renderWithProviders } from '../../../test/render';
import { MediaCard } from './MediaCard';

const photo: MediaStat = {
  id: 7,
  url: '/media/renditions/7/full.webp',
  mimeType: 'image/jpeg',
  originalName: 'beach.jpg',
  size: 1_200_000,
  uploadedAt: '2026-11-01T10:00:00.000Z',
  totalViews: 3,
  totalVotes: 0,
  hotVotes: 0,
  hotPercentage: 0,
  notPercentage: 0,
  underReview: false,
  renditionsState: 'ready',
  width: 800,
  height: 600,
  placeholder: null,
  thumbUrl: '/media/renditions/7/thumb.webp',
  previewUrl: '/media/renditions/7/preview.webp',
  srcset: null,
  fullUrl: null,
  playbackUrl: null,
};

const card = (media: MediaStat) =>
  renderWithProviders(<MediaCard media={media} share={null} onOpen={() => {}} onDelete={() => {}} />);

describe('MediaCard', () => {
  it('says "No votes yet" for an item nobody has rated, never a red 0 % Hot', () => {
    card(photo);
    expect(screen.getByTestId('card-hot')).toHaveTextContent('–');
    expect(screen.getByTestId('card-hot').parentElement).not.toHaveClass('text-hot');
    expect(screen.getByTestId('card-no-votes')).toHaveTextContent('No votes yet');
  });

  it('shows the hot percentage in the hot colour once there are votes', () => {
    card({ ...photo, totalVotes: 4, hotVotes: 3, hotPercentage: 75, notPercentage: 25 });
    expect(screen.getByTestId('card-hot')).toHaveTextContent('75%');
    expect(screen.getByTestId('card-hot').parentElement).toHaveClass('text-hot');
    expect(screen.queryByTestId('card-no-votes')).toBeNull();
  });
});
