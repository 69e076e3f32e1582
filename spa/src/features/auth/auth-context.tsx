import { createContext, useContext, type ReactNode } from 'react';

/** The signed-in user as the auth function returns it (spec section 3, User / session). */
export type User = {
  id: string;
  email: string;
  app_metadata: { trial_start_date?: string; is_trial_user?: boolean; role?: string };
  user_metadata: { name?: string; first_name?: string; [key: string]: unknown };
};

export type AuthState = {
  user: User | null;
  loading: boolean;
};

const AuthContext = createContext<AuthState>({ user: null, loading: true });

/**
 * Holds the session. Accounts (sign-up, sign-in, refresh) arrive with the auth function;
 * until a session exists every visitor is anonymous.
 */
export function AuthProvider({ children, value }: { children: ReactNode; value?: AuthState }) {
  return <AuthContext.Provider value={value ?? { user: null, loading: false }}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  return useContext(AuthContext);
}

export function displayName(user: User | null): string | undefined {
  const name = user?.user_metadata.name ?? user?.user_metadata.first_name;
  return typeof name === 'string' && name.trim() ? name.trim() : undefined;
}
