import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FileName, splitFileName } from './FileName';

describe('FileName', () => {
  it('keeps the extension apart from the base name, which alone is cut to fit', () => {
    expect(splitFileName('my holiday picture.jpeg')).toEqual({ base: 'my holiday picture', extension: '.jpeg' });
    expect(splitFileName('clip.final.MP4')).toEqual({ base: 'clip.final', extension: '.MP4' });
  });

  it('treats names without a real extension as all base name', () => {
    expect(splitFileName('.hidden')).toEqual({ base: '.hidden', extension: '' });
    expect(splitFileName('README')).toEqual({ base: 'README', extension: '' });
    expect(splitFileName('notes.')).toEqual({ base: 'notes.', extension: '' });
    expect(splitFileName('archive.not-an-extension')).toEqual({ base: 'archive.not-an-extension', extension: '' });
  });

  it('reads as the whole name, with the whole name as its tooltip', () => {
    render(<FileName name="sunset over the bay.webp" />);
    const el = screen.getByTitle('sunset over the bay.webp');
    expect(el.textContent).toBe('sunset over the bay.webp');
  });
});
