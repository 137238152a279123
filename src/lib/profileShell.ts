/** The id of /profile/'s static first state (src/components/ProfileShell.astro), painted by the inline script and removed by the island. */
export const PROFILE_SHELL_ID = 'profile-shell';

/** How many of the first page's items the inline script paints before the island loads (a phone's first screen holds fewer). */
export const PROFILE_SHELL_ITEMS = 5;
