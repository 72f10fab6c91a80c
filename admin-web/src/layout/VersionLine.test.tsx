import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, renderAdmin } from '../test/render';
import { VersionLine } from './VersionLine';

describe('the sidebar names the running version', () => {
  it('package version and short commit', async () => {
    renderAdmin(<VersionLine />, {
      dataProvider: { getHealth: ok({ status: 'ok', version: { version: '0.1.0', commit: 'abc1234def56' } }) },
    });
    expect(await screen.findByText('Version 0.1.0 · abc1234')).toHaveAttribute(
      'title',
      'Version 0.1.0, commit abc1234def56',
    );
  });
});
