import '../../../lib/bengali-font';
import type { UserInfo } from '@contract/wire';
import { Navigate, Outlet, useOutletContext } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { ProfilePanel } from '../../../features/auth/components/profile-panel';
import { useUser } from '../../../lib/auth';
import { useSessionToken } from '../../../lib/session';

/** The profile area: visitors go home (spec §6); members get the side panel and a section. */
export function ProfileLayout() {
  const userToken = useSessionToken();
  const { data: userInfo } = useUser();
  if (!userToken) return <Navigate to={paths.home} replace />;
  if (!userInfo) return <div className="container page" aria-busy="true" />;
  return (
    <div className="container profile-layout">
      <ProfilePanel user={userInfo} />
      <div className="profile-content">
        <Outlet context={userInfo} />
      </div>
    </div>
  );
}

/** The signed-in user, for the profile area's sections. */
export const useProfileUser = () => useOutletContext<UserInfo>();

export { ProfileLayout as Component };
