import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ApiError, onRefreshNeeded, setAccessToken } from '@/lib/api-client';
import {
  changePasswordRequest,
  refreshRequest,
  signInRequest,
  signOutRequest,
  signUpRequest,
  updateNameRequest,
  verifyLinkRequest,
  type Session,
  type SignUpData,
} from './api/session';

/** The signed-in user as the auth function returns it (spec section 3, User / session). */
export type User = {
  id: string;
  email: string;
  app_metadata: { trial_start_date?: string; is_trial_user?: boolean; role?: string };
  user_metadata: { name?: string; first_name?: string; [key: string]: unknown };
};

/** Auth-provider events (spec 7). */
export type AuthEvent = 'INITIAL_SESSION' | 'SIGNED_IN' | 'SIGNED_OUT' | 'TOKEN_REFRESHED' | 'USER_UPDATED' | 'SIGNED_UP';

export type AuthState = {
  user: User | null;
  loading: boolean;
  lastEvent: AuthEvent | null;
};

export type AuthActions = {
  signIn: (email: string, password: string) => Promise<User>;
  signUp: (email: string, password: string, data: SignUpData) => Promise<User>;
  verifyLink: (token: string, type: string) => Promise<User>;
  signOut: () => Promise<void>;
  updateName: (name: string) => Promise<User>;
  changePassword: (currentPassword: string, newPassword: string) => Promise<void>;
};

type AuthContextValue = AuthState & AuthActions;

const AuthContext = createContext<AuthContextValue | null>(null);
const CHANNEL = 'raisespark-auth';
/** Refresh a minute before the access token expires. */
const REFRESH_MARGIN_MS = 60_000;

/**
 * Holds the session: the access token in memory, the refresh token in its HttpOnly cookie.
 * At start the session is restored from the cookie; every change is an auth event, and a
 * sign-out in one tab signs out the others.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ user: null, loading: true, lastEvent: null });
  const timer = useRef<number | undefined>(undefined);
  const channel = useRef<BroadcastChannel | null>(null);

  const clear = useCallback((event: AuthEvent | null) => {
    window.clearTimeout(timer.current);
    setAccessToken(null);
    setState({ user: null, loading: false, lastEvent: event });
  }, []);

  const refreshRef = useRef<() => Promise<string | null>>(async () => null);

  const accept = useCallback((session: Session, event: AuthEvent) => {
    setAccessToken(session.access_token);
    setState({ user: session.user, loading: false, lastEvent: event });
    window.clearTimeout(timer.current);
    const delay = Math.max(session.expires_in * 1000 - REFRESH_MARGIN_MS, 5_000);
    timer.current = window.setTimeout(() => void refreshRef.current(), delay);
  }, []);

  const refresh = useCallback(async (): Promise<string | null> => {
    try {
      const session = await refreshRequest();
      if (!session) {
        clear('SIGNED_OUT');
        return null;
      }
      accept(session, 'TOKEN_REFRESHED');
      return session.access_token;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) clear('SIGNED_OUT');
      return null;
    }
  }, [accept, clear]);
  refreshRef.current = refresh;

  useEffect(() => {
    onRefreshNeeded(refresh);
    let cancelled = false;
    refreshRequest()
      .then((session) => {
        if (cancelled) return;
        if (session) accept(session, 'INITIAL_SESSION');
        else clear('INITIAL_SESSION');
      })
      .catch(() => !cancelled && clear('INITIAL_SESSION'));
    if ('BroadcastChannel' in window) {
      channel.current = new BroadcastChannel(CHANNEL);
      channel.current.onmessage = (message) => {
        if (message.data === 'SIGNED_OUT') clear('SIGNED_OUT');
        if (message.data === 'SIGNED_IN') void refresh();
      };
    }
    return () => {
      cancelled = true;
      onRefreshNeeded(null);
      window.clearTimeout(timer.current);
      channel.current?.close();
    };
  }, [accept, clear, refresh]);

  const actions = useMemo<AuthActions>(
    () => ({
      async signIn(email, password) {
        const session = await signInRequest(email, password);
        accept(session, 'SIGNED_IN');
        channel.current?.postMessage('SIGNED_IN');
        return session.user;
      },
      async signUp(email, password, data) {
        const { user } = await signUpRequest(email, password, data);
        setState((current) => ({ ...current, lastEvent: 'SIGNED_UP' }));
        return user;
      },
      async verifyLink(token, type) {
        const session = await verifyLinkRequest(token, type);
        accept(session, 'SIGNED_IN');
        channel.current?.postMessage('SIGNED_IN');
        return session.user;
      },
      async signOut() {
        await signOutRequest();
        clear('SIGNED_OUT');
        channel.current?.postMessage('SIGNED_OUT');
      },
      async updateName(name) {
        const user = await updateNameRequest(name);
        setState((current) => ({ ...current, user, lastEvent: 'USER_UPDATED' }));
        return user;
      },
      async changePassword(currentPassword, newPassword) {
        const session = await changePasswordRequest(currentPassword, newPassword);
        accept(session, 'USER_UPDATED');
      },
    }),
    [accept, clear],
  );

  const value = useMemo(() => ({ ...state, ...actions }), [state, actions]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}

/** The user's name from user metadata (name, else first_name). */
export function displayName(user: User | null): string | undefined {
  const name = user?.user_metadata.name ?? user?.user_metadata.first_name;
  return typeof name === 'string' && name.trim() ? name.trim() : undefined;
}

export function initials(name: string | undefined, email?: string): string {
  const source = name?.trim() || email?.split('@')[0] || '';
  const letters = source.split(/\s+/).filter(Boolean).slice(0, 2).map((word) => word[0]!.toUpperCase());
  return letters.join('') || '?';
}
