import '../../../lib/korean-zod.ts';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { setUser, userFromLogin } from '../../../../../lib/auth-store.ts';
import { ApiCallError, RETURN_TO_KEY, SIGN_OUT_REASON_KEY } from '../../../../../lib/api-client.ts';
import { login, loginInput } from '../api/login.ts';
import type { LoginInput } from '../api/login.ts';
import { FormField } from '../../../components/FormField.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { API_ERROR_KEY, applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { navigate } from '../../../router/location-store.ts';
import { adminPaths, safeReturnPath } from '../../../paths.ts';
import { resetAccess } from '../../../access-store.ts';

type LoginForm = LoginInput & { [API_ERROR_KEY]?: string };

/**
 * Why the server ended the last sign-in (idle too long). Kept until the next sign-in, not taken on
 * reading: the login screen may be mounted more than once on its way in.
 */
function signOutReason(forget = false): string | null {
  try {
    if (forget) sessionStorage.removeItem(SIGN_OUT_REASON_KEY);
    return sessionStorage.getItem(SIGN_OUT_REASON_KEY);
  } catch {
    return null;
  }
}

/** Where to go after logging in: the page the guard or an expired session interrupted, else the dashboard. */
function returnPath(search: string): string {
  const fromQuery = safeReturnPath(new URLSearchParams(search).get('next'));
  if (fromQuery) return fromQuery;
  try {
    const saved = safeReturnPath(sessionStorage.getItem(RETURN_TO_KEY));
    sessionStorage.removeItem(RETURN_TO_KEY);
    if (saved) return saved;
  } catch {
    // no session storage
  }
  return adminPaths.dashboard;
}

/** /admin/login: the administrator's login. */
export default function LoginScreen({ search }: { search: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [reason] = useState(() => signOutReason());
  // shown once the server answers that the account signs in with a one-time code
  const [askOtp, setAskOtp] = useState(false);
  const { register, handleSubmit, setError, setFocus, formState } = useForm<LoginForm>({
    resolver: zodResolver(loginInput),
    defaultValues: { email: '', password: '', otp: '' },
  });
  useEffect(() => {
    if (askOtp) setFocus('otp');
  }, [askOtp, setFocus]);

  useEffect(() => {
    document.title = '로그인 · SBSA 관리자';
    heading.current?.focus();
  }, []);

  const submit = handleSubmit(async (values) => {
    try {
      const data = await login({
        email: values.email,
        password: values.password,
        otp: askOtp ? values.otp : undefined,
      });
      resetAccess();
      signOutReason(true);
      setUser(userFromLogin(data));
      navigate(returnPath(search), { replace: true });
    } catch (error) {
      // `errors.otp` asks for the one-time code: its field is shown with the message under it
      if (error instanceof ApiCallError && error.errors.otp) {
        setAskOtp(true);
        setError('otp', { type: 'server', message: error.errors.otp });
        return;
      }
      // A failed login is never a field problem: the message goes under apiError (SPEC.md §8).
      applyServerErrors(error, setError, []);
    }
  });

  const apiError = formState.errors[API_ERROR_KEY]?.message;
  return (
    <main className="login-screen">
      <h1 ref={heading} tabIndex={-1}>
        관리자 로그인
      </h1>
      {reason ? <StatusMessage kind="info">{reason}</StatusMessage> : null}
      <form
        onSubmit={submit}
        noValidate
        aria-describedby={apiError ? 'login-api-error' : undefined}
      >
        <FormField label="이메일" error={formState.errors.email?.message} required>
          {(control) => (
            <input {...control} {...register('email')} type="email" autoComplete="username" />
          )}
        </FormField>
        <FormField label="비밀번호" error={formState.errors.password?.message} required>
          {(control) => (
            <input
              {...control}
              {...register('password')}
              type="password"
              autoComplete="current-password"
            />
          )}
        </FormField>
        {askOtp ? (
          <FormField
            label="일회용 코드"
            hint="인증 앱의 6자리 코드, 또는 복구 코드 하나"
            error={formState.errors.otp?.message}
            required
          >
            {(control) => (
              <input
                {...control}
                {...register('otp')}
                inputMode="numeric"
                autoComplete="one-time-code"
              />
            )}
          </FormField>
        ) : null}
        {apiError ? (
          <p id="login-api-error" className="status status-error" role="alert">
            {apiError}
          </p>
        ) : null}
        <button type="submit" className="primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? '로그인 중…' : '로그인'}
        </button>
      </form>
    </main>
  );
}
