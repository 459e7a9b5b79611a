import type { UserInfo } from '@contract/wire';
import { useRef } from 'react';
import { Navigate, Outlet, useOutletContext } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { ProfilePanel } from '../../../features/auth/components/profile-panel';
import { useUser } from '../../../lib/auth';
import { useSessionExpired, useSessionToken } from '../../../lib/session';
import { authMessages } from '../../../features/auth/messages';

/** The catalogs of what this shows: loaded in the shop's language before it renders (app/lazy-page.tsx). */
export const messages = [authMessages];

/**
 * The profile area: visitors go home (spec §6); members get the side panel and a section. When
 * the session expires mid-visit the section stays (with the last user known) under the sign-in
 * dialog, so that a filled form is not lost.
 */
export function ProfileLayout() {
  const userToken = useSessionToken();
  const expired = useSessionExpired();
  const { data: userInfo } = useUser();
  const lastUser = useRef<UserInfo | undefined>(undefined);
  if (userInfo) lastUser.current = userInfo;
  const shown = userInfo ?? (expired || userToken ? lastUser.current : undefined);
  if (!userToken && !(expired && lastUser.current)) return <Navigate to={paths.home} replace />;
  if (!shown) return <div className="container page" aria-busy="true" />;
  return (
    <div className="container profile-layout">
      <ProfilePanel user={shown} />
      <div className="profile-content">
        <Outlet context={shown} />
      </div>
    </div>
  );
}

/** The signed-in user, for the profile area's sections. */
export const useProfileUser = () => useOutletContext<UserInfo>();

export { ProfileLayout as Component };
