/**
 * The attribute that names an element for the Element Timing API, so `npm run bench:paint` can read
 * when a visitor's own data (a fine's amount, the list's first fine, the profile's first ordinance)
 * was painted, and when the fine's island drew the whole fine ('fine-view'); spread on the element: `<p {...elementTiming('fine-amount')}>`.
 */
export function elementTiming(name: string): Record<string, string> {
  return { elementtiming: name };
}
