/** E-mail addresses as accounts keep them: trimmed, lower-case (the domain is case-free; mail services treat the local part so too). */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** An address for logs and screens that must not show it whole: 'iv***@mail.ru'. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const local = email.slice(0, at);
  const shown = local.length <= 2 ? local.slice(0, 1) : local.slice(0, 2);
  return `${shown}***${email.slice(at)}`;
}
