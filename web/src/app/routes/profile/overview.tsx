import { ProfileOverview } from '../../../features/auth/components/profile-overview';
import { useProfileUser } from './layout';

export function ProfilePage() {
  return <ProfileOverview user={useProfileUser()} />;
}

export { ProfilePage as Component };
