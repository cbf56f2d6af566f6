import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signInWithPassword, signUpWithPassword } from '../../src/features/auth/actions';
import type { FirebaseKit } from '../../src/features/auth/firebase';
import { connectSession, rememberSignUpProfile } from '../../src/features/auth/session';

// Stand in for the lazily loaded Firebase SDK: only the calls the password flows make.
const sdk = {
  createUserWithEmailAndPassword: vi.fn(),
  updateProfile: vi.fn(),
  fetchSignInMethodsForEmail: vi.fn(),
  signInWithEmailAndPassword: vi.fn(),
};
const auth = { name: 'fake-auth' };

vi.mock('../../src/features/auth/session', () => ({
  connectSession: vi.fn(),
  rememberSignUpProfile: vi.fn(),
}));

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(connectSession).mockResolvedValue({ sdk, auth } as unknown as FirebaseKit);
  sdk.createUserWithEmailAndPassword.mockResolvedValue({ user: { uid: 'u1' } });
  sdk.updateProfile.mockResolvedValue(undefined);
  sdk.signInWithEmailAndPassword.mockResolvedValue({ user: { uid: 'u1' } });
});

const typed = { firstName: '  Ada  ', lastName: ' Obi ', email: ' ada@example.com ', password: ' secret1 ' };

describe('signUpWithPassword', () => {
  it('creates the account with the trimmed email and the password exactly as typed', async () => {
    await expect(signUpWithPassword(typed)).resolves.toBe('created');
    expect(sdk.createUserWithEmailAndPassword).toHaveBeenCalledWith(auth, 'ada@example.com', ' secret1 ');
  });

  it('uses the trimmed first and last names for the display name and the remembered profile', async () => {
    await signUpWithPassword(typed);
    expect(sdk.updateProfile).toHaveBeenCalledWith({ uid: 'u1' }, { displayName: 'Ada Obi' });
    expect(rememberSignUpProfile).toHaveBeenCalledWith({ firstName: 'Ada', lastName: 'Obi', displayName: 'Ada Obi' });
  });

  it.each([
    [['google.com'], 'existsWithGoogle'],
    [['password', 'google.com'], 'existsWithGoogle'],
    [['password'], 'existsWithPassword'],
    [[], 'exists'],
  ])('for an email already in use with methods %j answers %s and forgets the remembered names', async (methods, outcome) => {
    sdk.createUserWithEmailAndPassword.mockRejectedValue({ code: 'auth/email-already-in-use' });
    sdk.fetchSignInMethodsForEmail.mockResolvedValue(methods);
    await expect(signUpWithPassword(typed)).resolves.toBe(outcome);
    expect(sdk.fetchSignInMethodsForEmail).toHaveBeenCalledWith(auth, 'ada@example.com');
    expect(rememberSignUpProfile).toHaveBeenLastCalledWith({});
  });

  it('answers "exists" when the sign-in methods cannot be looked up', async () => {
    sdk.createUserWithEmailAndPassword.mockRejectedValue({ code: 'auth/email-already-in-use' });
    sdk.fetchSignInMethodsForEmail.mockRejectedValue(new Error('enumeration protection'));
    await expect(signUpWithPassword(typed)).resolves.toBe('exists');
  });

  it('rethrows any other failure', async () => {
    const failure = { code: 'auth/weak-password' };
    sdk.createUserWithEmailAndPassword.mockRejectedValue(failure);
    await expect(signUpWithPassword(typed)).rejects.toBe(failure);
    expect(sdk.fetchSignInMethodsForEmail).not.toHaveBeenCalled();
  });
});

describe('signInWithPassword', () => {
  it('signs in with the trimmed email and the password as typed', async () => {
    await signInWithPassword(' ada@example.com ', 'secret1');
    expect(sdk.signInWithEmailAndPassword).toHaveBeenCalledWith(auth, 'ada@example.com', 'secret1');
  });
});
