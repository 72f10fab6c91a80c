import { describe, expect, it } from 'vitest';
import { ratingKeyAction } from './keyboard';
import { mediaAreaHeight } from './use-media-area-height';
import { retryOnce } from '../api/rating-api';
import { ApiError } from '../../../lib/api-client';

const key = (k: string, target: EventTarget | null = document.body, extra: Partial<KeyboardEvent> = {}) =>
  ({ key: k, ctrlKey: false, metaKey: false, altKey: false, repeat: false, target, ...extra }) as KeyboardEvent;

describe('rating keys', () => {
  it('maps H/→ to hot, N/← to not, S to skip', () => {
    expect(ratingKeyAction(key('h'))).toBe('hot');
    expect(ratingKeyAction(key('H'))).toBe('hot');
    expect(ratingKeyAction(key('ArrowRight'))).toBe('hot');
    expect(ratingKeyAction(key('n'))).toBe('not');
    expect(ratingKeyAction(key('ArrowLeft'))).toBe('not');
    expect(ratingKeyAction(key('s'))).toBe('skip');
    expect(ratingKeyAction(key('x'))).toBeNull();
  });

  it('ignores keys while typing, with modifiers, on repeat or inside dialogs', () => {
    const input = document.createElement('input');
    const area = document.createElement('textarea');
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    const inner = document.createElement('button');
    dialog.appendChild(inner);
    document.body.append(input, area, dialog);
    expect(ratingKeyAction(key('h', input))).toBeNull();
    expect(ratingKeyAction(key('s', area))).toBeNull();
    expect(ratingKeyAction(key('n', inner))).toBeNull();
    expect(ratingKeyAction(key('h', document.body, { ctrlKey: true }))).toBeNull();
    expect(ratingKeyAction(key('h', document.body, { repeat: true }))).toBeNull();
    dialog.remove();
    input.remove();
    area.remove();
  });

  it('ignores keys while a dialog or menu is open, even with the focus left behind it', () => {
    const behind = document.createElement('button');
    document.body.append(behind);
    expect(ratingKeyAction(key('h', behind))).toBe('hot');
    for (const role of ['dialog', 'alertdialog', 'menu']) {
      const layer = document.createElement('div');
      layer.setAttribute('role', role);
      document.body.append(layer);
      expect(ratingKeyAction(key('h', behind))).toBeNull();
      expect(ratingKeyAction(key('n', document.body))).toBeNull();
      layer.remove();
    }
    const box = document.createElement('div');
    box.setAttribute('role', 'textbox');
    document.body.append(box);
    expect(ratingKeyAction(key('s', box))).toBeNull();
    box.remove();
    behind.remove();
  });
});

describe('media area height', () => {
  it('is the window height minus 190 on desktop, at least 300', () => {
    expect(mediaAreaHeight(1280, 800)).toBe(610);
    expect(mediaAreaHeight(1280, 400)).toBe(300);
  });
  it('is 55% of the window height minus 10 on mobile, at least 150', () => {
    expect(mediaAreaHeight(390, 844)).toBe(454);
    expect(mediaAreaHeight(390, 250)).toBe(150);
  });
});

describe('random media retry', () => {
  it('retries once on server or network errors but not on 404', () => {
    expect(retryOnce(0, new ApiError(500, '', '500: x'))).toBe(true);
    expect(retryOnce(1, new ApiError(500, '', '500: x'))).toBe(false);
    expect(retryOnce(0, new TypeError('network'))).toBe(true);
    expect(retryOnce(0, new ApiError(404, '', '404: x'))).toBe(false);
  });
});
