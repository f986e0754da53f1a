import type { AnyObjectSchema } from 'yup';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  formMessages,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
} from './auth-schemas';

/** The message a form shows per field: the first one the schema reports, as formik does. */
async function errorsOf(schema: AnyObjectSchema, value: Record<string, string>): Promise<Record<string, string[]>> {
  try {
    await schema.validate(value, { abortEarly: false });
    return {};
  } catch (error) {
    const result: Record<string, string[]> = {};
    for (const inner of (error as { inner: { path: string; message: string }[] }).inner) {
      result[inner.path] ??= [inner.message];
    }
    return result;
  }
}

const strong = 'Secret-Pass1';

describe('login schema', () => {
  it('requires username, password and the captcha', async () => {
    expect(await errorsOf(loginSchema, { username: ' ', password: '', captcha: '' })).toEqual({
      username: ['This field is required!'],
      password: ['This field is required!'],
      captcha: ['This field is required!'],
    });
  });

  it('rejects a password shorter than 8 characters', async () => {
    expect(await errorsOf(loginSchema, { username: 'alice', password: 'short12', captcha: 'solved' })).toEqual({
      password: ['Password must not be less than 8 characters'],
    });
  });

  it('accepts a complete login', async () => {
    expect(await errorsOf(loginSchema, { username: 'alice', password: '12345678', captcha: 'solved' })).toEqual({});
  });
});

describe('register schema', () => {
  it('names each missing field', async () => {
    expect(await errorsOf(registerSchema, { username: '', email: '', password: '', confirmPassword: '' })).toEqual({
      username: ['Username is required'],
      email: ['Email is required'],
      password: ['Password is required'],
      confirmPassword: ['Confirm Password is required'],
    });
  });

  it.each(['alllowercase1!', 'ALLUPPERCASE1!', 'NoDigitsHere!', 'NoSpecial123', 'Sh0rt!'])(
    'rejects the weak password %s with the complexity message',
    async (password) => {
      const errors = await errorsOf(registerSchema, { username: 'a', email: 'a@example.com', password, confirmPassword: password });
      expect(errors.password).toEqual([
        'Password must contain an uppercase letter, a lowercase letter, a special character (@!$&-_,), a number, and be at least 8 characters long',
      ]);
    },
  );

  it('wants the confirmation to match', async () => {
    const errors = await errorsOf(registerSchema, { username: 'a', email: 'a@example.com', password: strong, confirmPassword: 'Other-Pass1' });
    expect(errors).toEqual({ confirmPassword: ['Must match the password'] });
  });

  it('checks the email looks like one', async () => {
    const errors = await errorsOf(registerSchema, { username: 'a', email: 'not-an-email', password: strong, confirmPassword: strong });
    expect(errors).toEqual({ email: [formMessages.invalidEmail] });
  });

  it('accepts every allowed special character', async () => {
    for (const special of ['@', '!', '$', '&', '-', '_', ',']) {
      const password = `Abcdefg1${special}`;
      expect(await errorsOf(registerSchema, { username: 'a', email: 'a@example.com', password, confirmPassword: password })).toEqual({});
    }
  });
});

describe('forgot password schema', () => {
  it("says 'Email cannot be empty.'", async () => {
    expect(await errorsOf(forgotPasswordSchema, { email: '   ' })).toEqual({ email: ['Email cannot be empty.'] });
  });
});

describe('reset password schema', () => {
  it('requires both fields', async () => {
    expect(await errorsOf(resetPasswordSchema, { password: '', confirmPassword: '' })).toEqual({
      password: ['Password is required'],
      confirmPassword: ['Confirm Password is required'],
    });
  });

  it("says 'Passwords must match' and applies the complexity rule", async () => {
    expect(await errorsOf(resetPasswordSchema, { password: 'weakpass', confirmPassword: 'other' })).toEqual({
      password: [
        'Password must contain an uppercase letter, a lowercase letter, a special character (@!$&-_,), a number, and be at least 8 characters long',
      ],
      confirmPassword: ['Passwords must match'],
    });
  });
});

describe('change password schema', () => {
  it('wants new password and confirmation to match', async () => {
    expect(
      await errorsOf(changePasswordSchema, { oldPassword: 'old', newPassword: strong, confirmNewPassword: 'Different-1a' }),
    ).toEqual({ confirmNewPassword: ['New password and confirmation do not match'] });
  });

  it('requires the current password', async () => {
    expect(await errorsOf(changePasswordSchema, { oldPassword: '', newPassword: strong, confirmNewPassword: strong })).toEqual({
      oldPassword: ['Password is required'],
    });
  });
});
