/** Shortest password the service accepts. */
export const PASSWORD_MIN_LENGTH = 8;
/** Longest password (hashing cost must stay bounded). */
export const PASSWORD_MAX_LENGTH = 128;

/** Why a new password cannot be used, in Russian; undefined when it can. The site and the API use the same rule. */
export function passwordProblem(password: string, email?: string | null): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return `Пароль должен быть не короче ${PASSWORD_MIN_LENGTH} символов`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Пароль должен быть не длиннее ${PASSWORD_MAX_LENGTH} символов`;
  if (password.trim() === '') return 'Пароль не может состоять из одних пробелов';
  if (email && password.trim().toLowerCase() === email.trim().toLowerCase()) return 'Пароль не должен совпадать с e-mail';
  return undefined;
}
