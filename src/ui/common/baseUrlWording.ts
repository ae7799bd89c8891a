const SETTING = 'livepeer.baseURL';
let baseUrlName = (): string => SETTING;

/**
 * How messages name where the failing base URL is set: the livepeer.baseURL setting while the only
 * profile follows it; with several profiles, the current profile's own (Edit Profile…), since the
 * setting then applies to none of them. Set once by the profile commands.
 */
export function nameBaseUrlBy(name: () => string): void {
  baseUrlName = name;
}

/** `text` (an error's message from the API layer, which knows no profiles) with the base URL named as the person can change it. */
export function inProfileTerms(text: string): string {
  const name = baseUrlName();
  return name === SETTING ? text : text.split(SETTING).join(name);
}
