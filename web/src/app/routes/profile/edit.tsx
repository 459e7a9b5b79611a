import { EditProfileForm } from '../../../features/auth/components/edit-profile-form';
import { useProfileUser } from './layout';

export function EditProfilePage() {
  return <EditProfileForm user={useProfileUser()} />;
}

export { EditProfilePage as Component };
