import { describe, expect, it } from 'vitest';
import { appVersionText } from './app-version';

describe('the app version in the user menu', () => {
  it('shows the package version with the build number the Front-Version header carries', () => {
    expect(appVersionText('0.1.0', '1795600000000')).toBe('0.1.0 (1795600000000)');
    expect(appVersionText('0.1.0', 'dev')).toBe('0.1.0');
  });
});
