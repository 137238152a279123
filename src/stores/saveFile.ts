/** How a file reaches the user (a download in the browser; tests keep it). */
export type SaveFile = (name: string, blob: Blob) => void;

/** Saves through a temporary link with `download`. */
export const downloadInBrowser: SaveFile = (name, blob) => {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};
