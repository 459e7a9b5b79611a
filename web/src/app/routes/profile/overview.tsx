import { ProfileOverview } from '../../../features/auth/components/profile-overview';
import { useProfileUser } from './layout';
import { authMessages } from '../../../features/auth/messages';

/** The catalogs of what this shows: loaded in the shop's language before it renders (app/lazy-page.tsx). */
export const messages = [authMessages];

export function ProfilePage() {
  return <ProfileOverview user={useProfileUser()} />;
}

export { ProfilePage as Component };
