// A profile's share link is stored sealed (secret-box.ts) under its own context, so a token sealed for
// anything else never opens as a profile address.
import { V } from '../../../src/contract';
import { HttpError } from '../http/errors';
import { SecretBoxError, type SecretBox } from './secret-box';

export const PROFILE_ADDRESS_CONTEXT = 'profile.address';

/**
 * A profile's stored link, for an update's check, the exports and the config. A token that no longer
 * opens (another SECRETS_KEY) is a 400 on `address`: the profile needs a new one.
 */
export function openStoredAddress(secrets: SecretBox, token: string): string {
  try {
    return secrets.open(token, PROFILE_ADDRESS_CONTEXT);
  } catch (err) {
    if (err instanceof SecretBoxError) throw HttpError.validation({ address: V.required }, 'The stored address cannot be read; send a new one');
    throw err;
  }
}
