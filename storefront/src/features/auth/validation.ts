/** The sign-in and sign-up rules, with the messages people see. */
export const AUTH_MESSAGES = {
  invalidEmail: 'Please enter a valid email address',
  shortPassword: 'Password must be at least 6 characters',
  firstNameRequired: 'First name is required',
  firstNameTooLong: 'First name too long',
  lastNameRequired: 'Last name is required',
  lastNameTooLong: 'Last name too long',
  passwordsDiffer: "Passwords don't match",
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type SignInField = 'email' | 'password';
export type SignUpField = SignInField | 'firstName' | 'lastName' | 'confirmPassword';
export type Values<F extends string> = Record<F, string>;
export type Errors<F extends string> = Partial<Record<F, string>>;

export function checkEmail(email: string): string | undefined {
  return EMAIL.test(email.trim()) ? undefined : AUTH_MESSAGES.invalidEmail;
}

export function checkPassword(password: string): string | undefined {
  return password.length >= 6 ? undefined : AUTH_MESSAGES.shortPassword;
}

function checkName(value: string, required: string, tooLong: string): string | undefined {
  const name = value.trim();
  if (!name) return required;
  return name.length > 50 ? tooLong : undefined;
}

export const checkFirstName = (value: string) => checkName(value, AUTH_MESSAGES.firstNameRequired, AUTH_MESSAGES.firstNameTooLong);
export const checkLastName = (value: string) => checkName(value, AUTH_MESSAGES.lastNameRequired, AUTH_MESSAGES.lastNameTooLong);

export function validateSignIn(values: Values<SignInField>): Errors<SignInField> {
  return dropEmpty({ email: checkEmail(values.email), password: checkPassword(values.password) });
}

export function validateSignUp(values: Values<SignUpField>): Errors<SignUpField> {
  return dropEmpty({
    firstName: checkFirstName(values.firstName),
    lastName: checkLastName(values.lastName),
    email: checkEmail(values.email),
    password: checkPassword(values.password),
    confirmPassword: checkPassword(values.confirmPassword) ?? (values.confirmPassword !== values.password ? AUTH_MESSAGES.passwordsDiffer : undefined),
  });
}

function dropEmpty<F extends string>(errors: Record<F, string | undefined>): Errors<F> {
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) as Errors<F>;
}
