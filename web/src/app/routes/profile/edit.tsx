import { EditProfileForm } from '../../../features/auth/components/edit-profile-form';
import { useProfileUser } from './layout';
import { authMessages } from '../../../features/auth/messages';

/** The catalogs of what this shows: loaded in the shop's language before it renders (app/lazy-page.tsx). */
export const messages = [authMessages];

export function EditProfilePage() {
  return <EditProfileForm user={useProfileUser()} />;
}

export { EditProfilePage as Component };
