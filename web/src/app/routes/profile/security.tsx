import { SecurityForm } from '../../../features/auth/components/security-form';
import { useProfileUser } from './layout';
import { authMessages } from '../../../features/auth/messages';

/** The catalogs of what this shows: loaded in the shop's language before it renders (app/lazy-page.tsx). */
export const messages = [authMessages];

export function SecurityPage() {
  return <SecurityForm user={useProfileUser()} />;
}

export { SecurityPage as Component };
