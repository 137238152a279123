/** What a consent is given for: the processing of personal data (152-ФЗ art. 9), asked on registration. */
export const CONSENT_PURPOSE = 'personalData';

/**
 * The version of the consent text and policy the user agrees to (/politics_personal_data/). Raise it
 * whenever that text changes: each recorded consent keeps the version its owner saw.
 */
export const CONSENT_VERSION = '2026-03-01';
