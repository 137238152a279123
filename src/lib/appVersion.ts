/** The site's version, sent with support tickets and analytics as the app version (a unit test keeps it equal to package.json's). */
export const APP_VERSION = '0.1.0';
