import { FRONT_VERSION } from './api-client';

/** The app's version (apps/web package.json); 'dev' outside a vite build. */
export const APP_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev';

/**
 * What the user menu shows: the package version and the build number (the Front-Version header
 * every request carries, which the server compares with its own build to ask for a reload).
 */
export function appVersionText(version = APP_VERSION, build = FRONT_VERSION): string {
  return build && build !== 'dev' ? `${version} (${build})` : version;
}
