import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ApiError, onRefreshNeeded, setAccessToken } from '@/lib/api-client';
import { restoreActiveCompany } from '@/lib/active-company';
import { setCacheUser } from '@/lib/user-cache';
import { IMPERSONATION_KEY } from '@/features/impersonation/record-key';
import { rememberSupportSession, supportSessionOfTab } from './support-tab';
import {
  changePasswordRequest,
  completeRecoveryRequest,
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
  /** Present in an impersonation (support) session: the administrator acting, and its hard end. */
  impersonation?: { id: string; admin_id: string; admin_email: string; expires_at: string };
};

/** Auth-provider events (spec 7). */
export type AuthEvent =
  | 'INITIAL_SESSION'
  | 'SIGNED_IN'
  | 'SIGNED_OUT'
  | 'TOKEN_REFRESHED'
  | 'USER_UPDATED'
  | 'PASSWORD_RECOVERY'
  | 'SIGNED_UP';

/**
 * How a sign-out ended: `global` when the server ended every session of the user, `local`
 * when that failed and only this browser forgot the session (its tokens are cleared and the
 * refresh cookie is not used again; the global sign-out is retried on the next start).
 */
export type SignOutScope = 'global' | 'local';

/** The local fallback could not be recorded either: refreshing the page may restore the session. */
export class LocalSignOutError extends Error {
  constructor(readonly cause: unknown) {
    super('Failed to sign out locally');
    this.name = 'LocalSignOutError';
  }
}

export type AuthState = {
  user: User | null;
  loading: boolean;
  lastEvent: AuthEvent | null;
};

export type AuthActions = {
  signIn: (email: string, password: string) => Promise<User>;
  signUp: (email: string, password: string, data: SignUpData) => Promise<User>;
  /** Exchanges a one-time link; a confirmation opened on another device also needs the sign-up's password. */
  verifyLink: (token: string, type: string, password?: string) => Promise<User>;
  /** Global sign-out, falling back to a local one (see `SignOutScope`); throws `LocalSignOutError`. */
  signOut: () => Promise<SignOutScope>;
  /**
   * Signs out of this tab only, for a session the server already ended (a revert). With
   * `leaving` the page is about to be replaced: only the tokens go, nothing re-renders.
   */
  endSessionLocally: (leaving?: boolean) => void;
  /** Sets a new password from a recovery link and signs in (event PASSWORD_RECOVERY). */
  completeRecovery: (token: string, newPassword: string) => Promise<User>;
  updateName: (name: string) => Promise<User>;
  changePassword: (currentPassword: string, newPassword: string) => Promise<void>;
};

type AuthContextValue = AuthState & AuthActions;

const AuthContext = createContext<AuthContextValue | null>(null);
const CHANNEL = 'raisespark-auth';
/** Refresh a minute before the access token expires. */
const REFRESH_MARGIN_MS = 60_000;
/**
 * Auth-state events (spec 7, auth-state subscription) for listeners outside React:
 * `window.addEventListener(AUTH_STATE_EVENT, (e) => e.detail.event)`.
 */
export const AUTH_STATE_EVENT = 'raisespark:auth-state';

function announce(event: AuthEvent | null, user: User | null) {
  if (event) window.dispatchEvent(new CustomEvent(AUTH_STATE_EVENT, { detail: { event, userId: user?.id ?? null } }));
}

/** Set while a sign-out only happened locally: the refresh cookie must not restore the session. */
export const PENDING_SIGN_OUT_KEY = 'raisespark.pendingSignOut';

/** The callback page with a one-time link to exchange (all but password recovery). */
function exchangesLink({ pathname, search }: Location): boolean {
  const params = new URLSearchParams(search);
  return pathname === '/auth/callback' && params.has('token') && params.get('type') !== 'recovery';
}

/** Whether an impersonation record is stored; `remove` clears it (logout). */
function storedImpersonation(remove?: boolean): boolean {
  try {
    if (remove) localStorage.removeItem(IMPERSONATION_KEY);
    return localStorage.getItem(IMPERSONATION_KEY) !== null;
  } catch {
    return false;
  }
}

function pendingSignOut(): boolean {
  try {
    return localStorage.getItem(PENDING_SIGN_OUT_KEY) !== null;
  } catch {
    return false;
  }
}

function forgetPendingSignOut() {
  try {
    localStorage.removeItem(PENDING_SIGN_OUT_KEY);
  } catch {
    // storage unavailable: nothing was recorded either
  }
}

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
    rememberSupportSession(null);
    setAccessToken(null);
    restoreActiveCompany(null);
    setCacheUser(null);
    setState({ user: null, loading: false, lastEvent: event });
    announce(event, null);
  }, []);

  const refreshRef = useRef<() => Promise<string | null>>(async () => null);

  const accept = useCallback((session: Session, event: AuthEvent) => {
    // A support session belongs to this tab only: it refreshes through that session's cookie.
    rememberSupportSession(session.user.impersonation?.id ?? null);
    setAccessToken(session.access_token);
    // A new sign-in (or another user) never sees the previous account's cached data.
    restoreActiveCompany(session.user.id);
    setCacheUser(session.user.id, { signedIn: event === 'SIGNED_IN' || event === 'PASSWORD_RECOVERY' });
    setState({ user: session.user, loading: false, lastEvent: event });
    announce(event, session.user);
    window.clearTimeout(timer.current);
    const delay = Math.max(session.expires_in * 1000 - REFRESH_MARGIN_MS, 5_000);
    timer.current = window.setTimeout(() => void refreshRef.current(), delay);
  }, []);

  const refresh = useCallback(async (): Promise<string | null> => {
    try {
      const session = await refreshRequest(supportSessionOfTab());
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
    // Spec 4: a stored impersonation record is restored at start-up, an unreadable one
    // discarded (its reader loads only when there is one).
    if (storedImpersonation()) void import('@/features/impersonation/record').then((record) => record.readImpersonationRecord());
    let cancelled = false;
    if (exchangesLink(window.location)) {
      // A sign-in link replaces whatever session the cookie holds: restoring that one at the
      // same time could answer after the link's exchange and overwrite its cookie.
      clear('INITIAL_SESSION');
    } else if (pendingSignOut()) {
      // The last sign-out only happened here: finish it on the server, never restore the session.
      signOutRequest()
        .then(forgetPendingSignOut, (error: unknown) => {
          if (error instanceof ApiError && error.status === 401) forgetPendingSignOut();
        })
        .finally(() => !cancelled && clear('INITIAL_SESSION'));
    } else {
      refreshRequest(supportSessionOfTab())
        .then((session) => {
          if (cancelled) return;
          if (session) accept(session, 'INITIAL_SESSION');
          else clear('INITIAL_SESSION');
        })
        .catch(() => !cancelled && clear('INITIAL_SESSION'));
    }
    if ('BroadcastChannel' in window) {
      channel.current = new BroadcastChannel(CHANNEL);
      channel.current.onmessage = (message) => {
        // Another tab's sign-out is the user's own session: a support session in this tab is
        // not ended by it (it ends by its revert, sign-out or time limit).
        if (message.data === 'SIGNED_OUT' && !supportSessionOfTab()) clear('SIGNED_OUT');
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
        forgetPendingSignOut();
        accept(session, 'SIGNED_IN');
        channel.current?.postMessage('SIGNED_IN');
        return session.user;
      },
      async signUp(email, password, data) {
        const { user } = await signUpRequest(email, password, data);
        setState((current) => ({ ...current, lastEvent: 'SIGNED_UP' }));
        announce('SIGNED_UP', user);
        return user;
      },
      async verifyLink(token, type, password) {
        const session = await verifyLinkRequest(token, type, password);
        forgetPendingSignOut();
        accept(session, 'SIGNED_IN');
        channel.current?.postMessage('SIGNED_IN');
        return session.user;
      },
      async signOut() {
        // Spec 4: logout also clears the impersonation record.
        storedImpersonation(true);
        try {
          await signOutRequest(supportSessionOfTab());
        } catch (error) {
          console.error('global sign-out failed; signing out locally', error);
          // Local tokens go anyway, and the refresh cookie is not used again from this browser.
          clear('SIGNED_OUT');
          try {
            localStorage.setItem(PENDING_SIGN_OUT_KEY, new Date().toISOString());
            channel.current?.postMessage('SIGNED_OUT');
          } catch (localError) {
            throw new LocalSignOutError(localError);
          }
          return 'local';
        }
        forgetPendingSignOut();
        clear('SIGNED_OUT');
        channel.current?.postMessage('SIGNED_OUT');
        return 'global';
      },
      endSessionLocally(leaving) {
        if (!leaving) return clear('SIGNED_OUT');
        rememberSupportSession(null);
        window.clearTimeout(timer.current);
        setAccessToken(null);
      },
      async completeRecovery(token, newPassword) {
        const session = await completeRecoveryRequest(token, newPassword);
        forgetPendingSignOut();
        accept(session, 'PASSWORD_RECOVERY');
        channel.current?.postMessage('SIGNED_IN');
        return session.user;
      },
      async updateName(name) {
        const user = await updateNameRequest(name);
        setState((current) => ({ ...current, user, lastEvent: 'USER_UPDATED' }));
        announce('USER_UPDATED', user);
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
