import { isValidationKey } from '@atende/shared';
import { AppError } from '../../../platform/errors';
import { secretFieldsOf, type TAppManifest } from './app-manifest';

export type TSettings = Record<string, string | boolean>;

/**
 * Validates an app's settings against its manifest (secret fields left empty keep `stored`) and
 * splits them into the plain ones (stored as they are) and the secret ones (sealed).
 */
export function validateSettings(manifest: TAppManifest, input: TSettings, stored: Record<string, string>) {
  const secretKeys = secretFieldsOf(manifest);
  const merged: TSettings = {};
  for (const field of manifest.fields) {
    const given = input[field.key];
    if (field.kind === 'secret') {
      const value = typeof given === 'string' && given.trim() !== '' ? given.trim() : stored[field.key];
      if (value !== undefined) merged[field.key] = value;
    } else if (given !== undefined && given !== '') merged[field.key] = given;
    else if (field.default !== undefined) merged[field.key] = field.default;
  }
  const parsed = manifest.settings.safeParse(merged);
  if (!parsed.success)
    throw AppError.validation(
      parsed.error.issues.map((issue) => ({
        path: ['settings', ...issue.path.map(String)].join('.'),
        key: isValidationKey(issue.message)
          ? issue.message
          : issue.input === undefined
            ? 'required'
            : 'invalid',
      })),
    );
  const values = parsed.data as TSettings;
  const plain: TSettings = {};
  const secrets: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (secretKeys.includes(key)) secrets[key] = String(value);
    else plain[key] = value;
  }
  return { plain, secrets };
}
