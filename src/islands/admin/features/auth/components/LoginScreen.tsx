import '../../../lib/korean-zod.ts';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { setUser, userFromLogin } from '../../../../../lib/auth-store.ts';
import { RETURN_TO_KEY } from '../../../../../lib/api-client.ts';
import { login, loginInput } from '../api/login.ts';
import type { LoginInput } from '../api/login.ts';
import { FormField } from '../../../components/FormField.tsx';
import { API_ERROR_KEY, applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { navigate } from '../../../router/location-store.ts';
import { adminPaths, safeReturnPath } from '../../../paths.ts';
import { resetAccess } from '../../../access-store.ts';

type LoginForm = LoginInput & { [API_ERROR_KEY]?: string };

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
  const { register, handleSubmit, setError, formState } = useForm<LoginForm>({
    resolver: zodResolver(loginInput),
    defaultValues: { email: '', password: '' },
  });

  useEffect(() => {
    document.title = '로그인 · SBSA 관리자';
    heading.current?.focus();
  }, []);

  const submit = handleSubmit(async (values) => {
    try {
      const data = await login({ email: values.email, password: values.password });
      resetAccess();
      setUser(userFromLogin(data));
      navigate(returnPath(search), { replace: true });
    } catch (error) {
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
